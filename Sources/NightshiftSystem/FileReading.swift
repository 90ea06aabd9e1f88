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
    /// Something is there that cannot be read: no permission, a folder, a FIFO or device, an
    /// I/O error, a size no such file has; the reason says which.
    case unreadable(String)

    /// What every command prints after "cannot read <name>: " when the bytes are not there.
    public var problem: String? {
        switch self {
        case .bytes: nil
        case .missing: WholeFile.ReadError.absent.reason(reading: "", limit: 0)
        case .unreadable(let reason): reason
        }
    }
}

/// The files on disk.
public struct DiskFiles: FileReading {
    /// 64 MiB: the 50,000-lane (100,000-step) lanes file of scripts/bench-startup is 13.6 MB.
    /// `--file /dev/zero` or a FIFO would otherwise be read until memory runs out, or for ever.
    public static let maximumSize: Int64 = 64 << 20

    public init() {}

    public func contents(of path: AbsolutePath) -> FileContents {
        do {
            return .bytes(try WholeFile.contents(of: path.string, atMost: Self.maximumSize))
        } catch {
            if error == .absent { return .missing }
            return .unreadable(error.reason(reading: path.string, limit: Self.maximumSize))
        }
    }
}
