/// The long-running operation `releases:upload` answers with, and the release inside it
/// (App Distribution v1 `google.longrunning.Operation` / `GoogleFirebaseAppdistroV1Release`).
struct FirebaseOperation: Decodable {
    struct Status: Decodable {
        var code: Int?
        var message: String?
    }

    struct Response: Decodable {
        var release: FirebaseRelease?
        /// RELEASE_CREATED, RELEASE_UPDATED or RELEASE_UNMODIFIED.
        public var result: String?
    }

    var name: String
    var done: Bool?
    var error: Status?
    var response: Response?
}

struct FirebaseRelease: Decodable {
    var name: String
    var displayVersion: String?
    var buildVersion: String?
    var firebaseConsoleUri: String?
    var testingUri: String?

    var summary: String {
        let version = [displayVersion, buildVersion.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return version.isEmpty ? name : "\(version) \(name)"
    }
}
