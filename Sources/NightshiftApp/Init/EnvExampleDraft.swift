import NightshiftCore
import NightshiftLanes

/// `.env.example` for a lanes file: every variable a lane of it reads from outside, with a value
/// that lets `nightshift run LANE --dry-run --env example` run. None is a real secret.
enum EnvExampleDraft {
    /// Values for the variables `nightshift init`'s lanes read; any other gets a placeholder.
    static let examples: [String: String] = [
        "CODESIGNING_PATH": "./codesigning",
        "CERTIFICATE_PASSWORD": "example-certificate-password",
        "KEYCHAIN_PASSWORD": "example-keychain-password",
        "APP_STORE_CONNECT_API_KEY_KEY_ID": "ABC123DEFG",
        "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "00000000-0000-0000-0000-000000000000",
        "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": "./AuthKey_ABC123DEFG.p8",
    ]

    /// The variables `file`'s lanes need, each once, sorted; a variable with alternatives is
    /// written as the one that has an example (`…_KEY_FILEPATH` for `…_KEY`).
    static func variables(of file: LanesFile) -> [RequiredVariable] {
        let graph = LaneCallGraph(file: file)
        var byName: [String: RequiredVariable] = [:]
        for lane in file.lanes {
            for variable in LaneRequirements(lane, in: graph).variables where byName[variable.name] == nil {
                byName[variable.name] = variable
            }
        }
        return byName.keys.sorted().compactMap { byName[$0] }
    }

    static func text(for file: LanesFile) -> String {
        var lines = [
            "# Example values for `nightshift run LANE --dry-run --env example`: nothing here is a real",
            "# secret, and the real environment wins over this file. On a build machine these come from",
            "# the CI's credentials or the agent's environment; `nightshift doctor` says which are unset.",
        ]
        for variable in variables(of: file) {
            let name = variable.candidates.first { examples[$0] != nil } ?? variable.name
            let others = variable.candidates.filter { $0 != name }
            let needs = variable.usages.map(\.place).uniqued().prefix(3).joined(separator: "; ")
            lines.append("# \(needs)\(others.isEmpty ? "" : " (or set \(others.joined(separator: " or ")))")")
            lines.append("\(name)=\(examples[name] ?? "set-me")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
