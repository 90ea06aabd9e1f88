import NightshiftCore
/// A Firebase app id, `1:<project number>:ios:<hex>`, and the API resource it names.
struct FirebaseAppID: Hashable {
    var raw: String
    var projectNumber: String

    init(_ raw: String) throws(UploadError) {
        let fields = raw.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "1", !fields[1].isEmpty, fields[1].allSatisfy(\.isNumber),
              ["ios", "android", "web"].contains(fields[2]), !fields[3].isEmpty else {
            throw UploadError("firebase", "'app: \(raw)' is not a Firebase app id (1:<project number>:ios:<id>, see the project settings)")
        }
        self.raw = raw
        self.projectNumber = String(fields[1])
    }

    /// `projects/<number>/apps/<app id>`
    var resourceName: String { "projects/\(projectNumber)/apps/\(raw)" }
}
