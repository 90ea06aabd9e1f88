/// The keys each `upload: { to: … }` destination accepts, for the loader's unknown/missing-key
/// diagnostics. `to` itself is not listed.
public enum UploadDestinationSchema {
    public static let destinations = ["testflight", "firebase", "http", "folder"]

    /// Accepted by every destination: the file (default: the export's .ipa) and the retry settings.
    public static let commonKeys: Set<String> = ["file", "attempts", "backoff"]

    /// nil for an unknown destination.
    public static func keys(for destination: String) -> (required: Set<String>, optional: Set<String>)? {
        switch destination {
        case "testflight": (["key_id", "issuer_id", "private_key"], commonKeys.union(["platform"]))
        case "firebase":
            (["app"], commonKeys.union(["notes", "notes_file", "groups", "testers", "service_account", "access_token", "endpoint", "token_endpoint"]))
        case "http": (["url"], commonKeys.union(["method", "headers"]))
        case "folder": (["path"], commonKeys)
        default: nil
        }
    }

    /// Where a credential comes from when lanes.yml does not say: the variables fastlane's
    /// `app_store_connect_api_key` action and Google's tools read, so `upload: { to: testflight }`
    /// works as written. The .p8 is its content in `…_KEY`, else its path in `…_KEY_FILEPATH`.
    public static func defaults(for destination: String) -> [String: String] {
        switch destination {
        case "testflight": [
            "key_id": "${APP_STORE_CONNECT_API_KEY_KEY_ID}", "issuer_id": "${APP_STORE_CONNECT_API_KEY_ISSUER_ID}",
            "private_key": "${APP_STORE_CONNECT_API_KEY_KEY:-${APP_STORE_CONNECT_API_KEY_KEY_FILEPATH}}",
        ]
        case "firebase": ["service_account": "${GOOGLE_APPLICATION_CREDENTIALS}"]
        default: [:]
        }
    }

    /// Groups of keys of which exactly one must be set (firebase needs one way to authenticate).
    public static func exclusiveChoices(for destination: String) -> [Set<String>] {
        destination == "firebase" ? [["service_account", "access_token"], ["notes", "notes_file"]] : []
    }

    /// Keys whose values are credentials: masked in dry runs, and worth a warning when written
    /// literally in lanes.yml instead of taken from `${VAR}`.
    public static func secretKeys(for destination: String) -> Set<String> {
        switch destination {
        case "testflight": ["private_key", "key_id", "issuer_id"]
        case "firebase": ["service_account", "access_token"]
        default: []
        }
    }
}
