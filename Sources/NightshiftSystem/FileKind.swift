internal import CNightshiftSystem

/// What a path itself names (lstat(2): a symlink is not followed).
public enum FileKind: Sendable, Hashable {
    case absent, regular, directory, symlink
    /// A device, a FIFO or a socket.
    case other

    /// Nil when that cannot be told (no permission to look, a loop in the path); `errno` says why.
    public static func of(_ path: String) -> FileKind? {
        switch nightshift_file_kind(path) {
        case Int32(NIGHTSHIFT_FILE_ABSENT): .absent
        case Int32(NIGHTSHIFT_FILE_REGULAR): .regular
        case Int32(NIGHTSHIFT_FILE_DIRECTORY): .directory
        case Int32(NIGHTSHIFT_FILE_SYMLINK): .symlink
        case Int32(NIGHTSHIFT_FILE_OTHER): .other
        default: nil
        }
    }
}
