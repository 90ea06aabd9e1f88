extension WholeFile.ReadError {
    /// Why the file at `path` was not read, in the one set of words every reader of `WholeFile`
    /// prints after its own "cannot read <name>: " (issue #38 §16: a `.env` that was a FIFO said
    /// only "cannot read .env" where lanes.yml said why). `limit`: the `atMost` it was read with.
    public func reason(reading path: String, limit: Int64) -> String {
        switch self {
        case .absent: "no such file"
        case .notARegularFile:
            if FileKind.of(path, followingLinks: true) == .directory {
                "it is a folder"
            } else {
                FileKind.special(path, followingLinks: true).map { "it is \($0)" } ?? "it is not a regular file"
            }
        case .tooLarge(let size): "it is \(size) bytes, more than \(limit)"
        case .failed(let failure): failure.reason
        }
    }
}

extension ReadableFile.OpenError {
    /// Why `path` did not open, in `WholeFile`'s words ("it is a FIFO", "it is a folder", or the
    /// system's reason), for a reader to print after its own "cannot read <name>: ".
    public func reason(opening path: String) -> String {
        switch self {
        case .notARegularFile: WholeFile.ReadError.notARegularFile.reason(reading: path, limit: 0)
        case .failed(let failure): failure.reason
        }
    }
}
