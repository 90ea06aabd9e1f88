import Foundation

/// Paths made absolute, in one way: a path the user gave (`--file`, `file:`, a keychain, a
/// command) is read against a directory that is passed in, never the process's own, so the
/// rule is the same whichever layer asks and tests can name the directory.
public enum AbsolutePath {
    /// `path` unchanged when it starts at `/`, else joined to `directory` with one slash
    /// (`app/lanes.yml` in `/srv` → `/srv/app/lanes.yml`, in `/` → `/app/lanes.yml`).
    public static func resolve(_ path: String, in directory: String) -> String {
        if path.hasPrefix("/") { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// `resolve(path, in: directory)` with `.` and `..` segments resolved as Foundation's
    /// `standardizedFileURL` does: the form shown to people and used as a lock's name.
    public static func standardized(_ path: String, in directory: String) -> String {
        URL(fileURLWithPath: resolve(path, in: directory)).standardizedFileURL.path
    }
}
