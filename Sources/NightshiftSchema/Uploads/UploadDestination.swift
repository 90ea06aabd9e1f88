/// Where `upload: { to: … }` sends a build. The one spelling of each destination, and the owner
/// of its schema: the loader's unknown/missing-key diagnostics, its defaults and its credentials
/// all read these switches, so a new case makes the compiler list every place to fill in.
public enum UploadDestination: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case testflight
    case firebase
    case http
    case folder
    /// The archive's dSYMs to a crash reporter: Firebase Crashlytics (`upload-symbols`), Sentry
    /// (`sentry-cli`), BugSnag (its upload API).
    case crashlytics
    case sentry
    case bugsnag

    public var description: String { rawValue }

    /// `testflight, firebase, http, folder, …`, for notes that list them.
    public static let listed = allCases.map(\.rawValue).joined(separator: ", ")

    /// Accepted by every destination: the file (default: the export's .ipa) and the retry settings.
    public static let commonKeys: Set<String> = ["file", "attempts", "backoff"]

    /// Accepted by every destination that takes dSYMs, in place of `file:`: the folder of dSYMs
    /// (default: the archive's `dSYMs/`) and whether a binary without one fails the upload.
    public static let symbolKeys: Set<String> = ["dsyms", "require_all"]

    /// Whether it takes the archive's dSYMs rather than the exported build.
    public var takesSymbols: Bool {
        switch self {
        case .crashlytics, .sentry, .bugsnag: true
        case .testflight, .firebase, .http, .folder: false
        }
    }

    /// The keys it needs. `to` itself is not listed.
    public var requiredKeys: Set<String> {
        switch self {
        case .testflight: ["key_id", "issuer_id", "private_key"]
        case .firebase: ["app"]
        case .http: ["url"]
        case .folder: ["path"]
        case .crashlytics: []
        case .sentry: ["org", "project", "auth_token"]
        case .bugsnag: ["api_key"]
        }
    }

    /// The keys it may take besides the required ones, the common keys included.
    public var optionalKeys: Set<String> {
        switch self {
        case .testflight:
            Self.commonKeys.union([
                "platform", "method", "app_id", "wait", "wait_timeout", "endpoint", "notes", "locale", "groups",
                "submit_for_review", "encryption",
            ])
        case .firebase:
            Self.commonKeys.union([
                "notes", "notes_file", "groups", "testers", "service_account", "access_token", "endpoint", "token_endpoint",
            ])
        case .http: Self.commonKeys.union(["method", "headers"])
        case .folder: Self.commonKeys
        case .crashlytics: Self.symbolKeys.union(["google_service_plist", "platform", "upload_symbols"])
        case .sentry: Self.symbolKeys.union(["url", "sentry_cli"])
        case .bugsnag: Self.symbolKeys.union(["endpoint", "attempts", "backoff"])
        }
    }

    /// Where a credential comes from when lanes.yml does not say: the variables fastlane's
    /// `app_store_connect_api_key` action and Google's tools read, so `upload: { to: testflight }`
    /// works as written. The .p8 is its content in `…_KEY`, else its path in `…_KEY_FILEPATH`.
    /// An individual key has no issuer: `issuer_id: ""` says so (its tokens carry `sub: user`);
    /// the default asks for a team key's, so a job that forgot the variable fails before it runs.
    public var defaults: [String: String] {
        switch self {
        case .testflight:
            [
                "key_id": "${APP_STORE_CONNECT_API_KEY_KEY_ID}", "issuer_id": "${APP_STORE_CONNECT_API_KEY_ISSUER_ID}",
                "private_key": "${APP_STORE_CONNECT_API_KEY_KEY:-${APP_STORE_CONNECT_API_KEY_KEY_FILEPATH}}",
            ]
        case .firebase: ["service_account": "${GOOGLE_APPLICATION_CREDENTIALS}"]
        // The variables sentry-cli and BugSnag's own tools read.
        case .sentry: ["auth_token": "${SENTRY_AUTH_TOKEN}"]
        case .bugsnag: ["api_key": "${BUGSNAG_API_KEY}"]
        case .http, .folder, .crashlytics: [:]
        }
    }

    /// Groups of keys of which at most one may be set (firebase authenticates one way).
    public var exclusiveChoices: [Set<String>] {
        switch self {
        case .firebase: [["service_account", "access_token"], ["notes", "notes_file"]]
        case .testflight, .http, .folder, .crashlytics, .sentry, .bugsnag: []
        }
    }

    /// Keys whose values are credentials: masked in dry runs, and worth a warning when written
    /// literally in lanes.yml instead of taken from `${VAR}`.
    public var secretKeys: Set<String> {
        switch self {
        // The key id and issuer id name the key (they are in every token's header in clear) and
        // grant nothing without it: masking them only hid which key a failed upload used.
        case .testflight: ["private_key"]
        case .firebase: ["service_account", "access_token"]
        case .sentry: ["auth_token"]
        case .bugsnag: ["api_key"]
        case .http, .folder, .crashlytics: []
        }
    }
}
