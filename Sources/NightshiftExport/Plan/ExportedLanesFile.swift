public import NightshiftSystem

/// The lanes file as a CI job sees it: relative to the repository it checks out, which is where
/// the job's `nightshift run` starts.
public enum ExportedLanesFile {
    public static let defaultPath = "lanes.yml"

    /// `--file` as the job's `nightshift run` should name it: relative to `root`, the folder the
    /// job checks the repository out into (its workspace), `./` and `..` resolved. A file outside
    /// `root` gets its absolute path, and the export warns about it (`isOutsideWorkspace`).
    public static func path(_ file: AbsolutePath, root: AbsolutePath) -> String {
        let (file, base) = (file.standardized, root.standardized)
        guard base != .root, file != base, file.isInside(base) else { return file.string }
        return file.relative(to: base)
    }

    /// True for an absolute path or one that climbs out with `..`: the job will not find it there.
    public static func isOutsideWorkspace(_ path: String) -> Bool {
        path.hasPrefix("/") || path == ".." || path.hasPrefix("../")
    }
}
