public import Foundation

/// Reading whole files: the lanes file and the `.env` stack a command reads. Behind a protocol so
/// that a command runs in process on files that exist only in memory (the tests' `InMemoryFiles`).
public protocol FileReading: Sendable {
    /// The file's bytes, or why they cannot be had.
    func contents(of path: AbsolutePath) -> FileContents
}

/// What reading a whole file found.
public enum FileContents: Sendable, Equatable {
    case bytes(Data)
    /// Nothing is at the path (or a folder on it is missing).
    case missing
    /// Something is there that cannot be read: no permission, a folder, an I/O error.
    case unreadable
}

/// The files on disk.
public struct DiskFiles: FileReading {
    public init() {}

    public func contents(of path: AbsolutePath) -> FileContents {
        if let data = FileManager.default.contents(atPath: path.string) { return .bytes(data) }
        return FileManager.default.fileExists(atPath: path.string) ? .unreadable : .missing
    }
}
