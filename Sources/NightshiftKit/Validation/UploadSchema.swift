/// The keys each upload destination accepts, so the loader can reject typos with a location.
public enum UploadSchema {
    public struct Keys: Sendable {
        public var required: [String]
        public var optional: [String]
        public var all: [String] { required + optional + UploadSchema.commonKeys }
    }

    /// Accepted by every destination: the file to send and the transport's retry settings.
    public static let commonKeys = ["file", "attempts", "backoff"]

    public static let destinations = ["testflight", "firebase", "http", "folder"]

    public static func keys(for destination: String) -> Keys? {
        switch destination {
        case "testflight":
            Keys(required: [], optional: ["key_id", "issuer_id", "key_file", "key_content", "platform", "transport"])
        case "firebase":
            Keys(required: ["app"], optional: [
                "notes", "notes_file", "groups", "testers", "service_account", "access_token", "endpoint",
                "token_endpoint", "poll_interval",
            ])
        case "http":
            Keys(required: ["url"], optional: ["method", "headers", "field"])
        case "folder":
            Keys(required: ["path"], optional: ["name"])
        default:
            nil
        }
    }
}
