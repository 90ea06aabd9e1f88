/// A Firebase app id, `1:<project number>:ios:<hex>`, and the API resource it names.
public struct FirebaseAppID: Sendable, Hashable {
    public var raw: String
    public var projectNumber: String

    public init(_ raw: String) throws(UploadValueProblem) {
        let fields = raw.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "1", !fields[1].isEmpty, fields[1].allSatisfy(\.isNumber),
            ["ios", "android", "web"].contains(fields[2]), !fields[3].isEmpty
        else {
            throw UploadValueProblem("'app: \(raw)' is not a Firebase app id (1:<project number>:ios:<id>, see the project settings)")
        }
        self.raw = raw
        self.projectNumber = String(fields[1])
    }

    /// `projects/<number>/apps/<app id>`
    public var resourceName: String { "projects/\(projectNumber)/apps/\(raw)" }
}
