/// The report paths `nightshift run` writes to (`PathOptions`): an empty one would name the
/// current folder (`--html ""` would write index.html beside lanes.yml, `--json ""` fail only
/// after the lanes ran).
extension RunLanes {
    /// The options that name a file or folder, as the user spelled them.
    public var pathOptions: [(option: String, path: String?)] {
        [("--file", global.file), ("--junit", junit), ("--json", json), ("--html", html)]
    }
}
