import Foundation

/// What a test puts where a regular file is expected, and the words nightshift uses for it
/// (`WholeFile`'s reasons): a FIFO (opening it to read waits for a writer), a device (endless),
/// a folder.
public enum NotAFile: String, CaseIterable, Sendable, CustomStringConvertible {
    case fifo, device, folder

    public var description: String { rawValue }

    /// Makes one at `path` and returns what nightshift calls it ("it is a FIFO").
    public func make(at path: String) throws -> String {
        switch self {
        case .fifo:
            guard mkfifo(path, 0o600) == 0 else { throw FixtureError(message: "mkfifo \(path) failed") }
            return "it is a FIFO"
        case .device:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            return "it is a device"
        case .folder:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return "it is a folder"
        }
    }
}
