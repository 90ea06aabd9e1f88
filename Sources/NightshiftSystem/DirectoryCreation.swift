import Foundation

/// Creates a folder and its missing parents (`mkdir -p`), failing with the system's reason:
/// "Permission denied" for a read-only `.nightshift`, "Not a directory" when it is a file, so
/// that a run can say why it has no logs instead of silently having none.
public enum DirectoryCreation {
    public static func create(_ path: String) throws(SystemCallError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 { continue }
            let error = SystemCallError.last("cannot create '\(prefix)'")
            // An existing folder (or a symlink to one) is fine; anything else in the way is not.
            guard error.code == EEXIST else { throw error }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SystemCallError("cannot create '\(prefix)'", code: ENOTDIR)
            }
        }
    }
}
