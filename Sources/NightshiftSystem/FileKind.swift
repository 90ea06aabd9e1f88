internal import CNightshiftSystem

/// What a path names: the path itself (lstat(2)), or what its symlinks lead to (stat(2)).
public enum FileKind: Sendable, Hashable {
    case absent, regular, directory, symlink
    /// A device, a FIFO or a socket.
    case other

    /// Nil when that cannot be told (no permission to look, a loop in the path); `errno` says why.
    public static func of(_ path: String, followingLinks: Bool = false) -> FileKind? {
        switch nightshift_file_kind(path, followingLinks ? 1 : 0) {
        case Int32(NIGHTSHIFT_FILE_ABSENT): .absent
        case Int32(NIGHTSHIFT_FILE_REGULAR): .regular
        case Int32(NIGHTSHIFT_FILE_DIRECTORY): .directory
        case Int32(NIGHTSHIFT_FILE_SYMLINK): .symlink
        case Int32(NIGHTSHIFT_FILE_OTHER): .other
        default: nil
        }
    }
}
