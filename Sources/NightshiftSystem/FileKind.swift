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
        case Int32(NIGHTSHIFT_FILE_OTHER), Int32(NIGHTSHIFT_FILE_FIFO), Int32(NIGHTSHIFT_FILE_DEVICE): .other
        default: nil
        }
    }

    /// What an `.other` is, for messages: "a FIFO", "a device", "a socket or special file".
    /// Nil when `path` is none of these (or cannot be looked at).
    public static func special(_ path: String, followingLinks: Bool = false) -> String? {
        switch nightshift_file_kind(path, followingLinks ? 1 : 0) {
        case Int32(NIGHTSHIFT_FILE_FIFO): "a FIFO"
        case Int32(NIGHTSHIFT_FILE_DEVICE): "a device"
        case Int32(NIGHTSHIFT_FILE_OTHER): "a socket or special file"
        default: nil
        }
    }
}
