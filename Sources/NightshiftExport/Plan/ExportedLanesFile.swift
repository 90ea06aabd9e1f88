import NightshiftSystem

/// The lanes file as a CI job sees it: relative to the repository it checks out, which is where
/// the job's `nightshift run` starts.
public enum ExportedLanesFile {
    public static let defaultPath = "lanes.yml"

    /// `--file` as the job's `nightshift run` should name it: relative to `root`, the folder the
    /// job checks the repository out into (its workspace), `./` and `..` resolved; a relative
    /// `path` is taken from `currentDirectory`. A file outside `root` gets its absolute path, and
    /// the export warns about it (`isOutsideWorkspace`).
    public static func path(_ path: String, currentDirectory: String, root: String) -> String {
        let base = normalized(root)
        let file = normalized(AbsolutePath.resolve(path, in: currentDirectory))
        guard base != "/", file.hasPrefix(base + "/") else { return file }
        return String(file.dropFirst(base.count + 1))
    }

    /// True for an absolute path or one that climbs out with `..`: the job will not find it there.
    public static func isOutsideWorkspace(_ path: String) -> Bool {
        path.hasPrefix("/") || path == ".." || path.hasPrefix("../")
    }

    /// `a/./b/../c` → `a/c`; a `..` above the start is kept.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
