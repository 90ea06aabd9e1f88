import NightshiftCore
import NightshiftSchema

extension ArchiveStepSettings {
    /// What the build number needs from the environment, named before any step runs: App Store
    /// Connect's API key (the variables an upload to TestFlight reads by default), or the
    /// variable `from: env` names.
    var requiredTemplates: [(String, Template)] {
        switch buildNumber {
        case .appStoreConnect:
            let defaults = UploadDestination.testflight.defaults
            return ["key_id", "issuer_id", "private_key"].compactMap { key in
                defaults[key].map { ("build_number.\(key)", Template($0)) }
            }
        case .environment(let variable?): return [("build_number.variable", Template("${\(variable)}"))]
        case .environment(nil), .git, nil: return []
        }
    }
}
