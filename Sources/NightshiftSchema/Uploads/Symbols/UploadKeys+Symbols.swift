/// The decoders of the dSYM destinations' own keys.
extension UploadKeys {
    /// `require_all: true`: a binary of the archived app without its dSYM fails the upload.
    public static let requireAll = flag("require_all")

    /// What `upload-symbols -p` takes, by the names lanes.yml uses elsewhere (`macos`).
    public static let crashlyticsPlatform = UploadKey("platform") { text throws(UploadValueProblem) in
        guard let platform = CrashlyticsPlatform(rawValue: text.lowercased()) else {
            let names = CrashlyticsPlatform.allCases.map(\.rawValue).joined(separator: ", ")
            throw UploadValueProblem("'platform: \(text)' must be one of \(names)")
        }
        return platform
    }
}

/// The platforms Crashlytics' `upload-symbols` knows.
public enum CrashlyticsPlatform: String, Sendable, Hashable, CaseIterable {
    case ios, macos, tvos

    /// `upload-symbols --help` names them `ios`, `mac`, `tvos` (firebase-ios-sdk#4966).
    public var argument: String {
        switch self {
        case .ios: "ios"
        case .macos: "mac"
        case .tvos: "tvos"
        }
    }
}
