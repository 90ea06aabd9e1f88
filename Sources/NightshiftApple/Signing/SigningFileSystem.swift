public import Foundation
public import NightshiftSystem

/// The few file operations signing, archiving and exporting need: read a profile or a .p12,
/// install a profile, write ExportOptions.plist, move the exported .ipa. Paths are plain strings.
public protocol SigningFileSystem: Sendable {
    func contents(atPath path: String) throws -> Data
    func fileExists(atPath path: String) -> Bool
    func createDirectory(atPath path: String) throws
    /// Replaces any file already there.
    func write(_ data: Data, toPath path: String) throws
    /// Names (not paths) of a folder's entries.
    func contentsOfDirectory(atPath path: String) throws -> [String]
    /// Replaces any file already at `destination`.
    func moveItem(atPath source: String, toPath destination: String) throws
    /// Puts `source` at `destination` in one atomic step (rename(2), same file system): a reader
    /// sees the old file or the new one, never a missing or half-written one.
    func replaceItem(atPath destination: String, withItemAt source: String) throws
    func removeItem(atPath path: String) throws
}

/// The real file system, through `FileManager`. Relative paths are read against `directory`
/// (the run's folder), so messages keep quoting them as lanes.yml wrote them.
public struct LocalSigningFileSystem: SigningFileSystem {
    /// Nil for this process's own folder.
    public let directory: String?

    public init(directory: String? = nil) {
        self.directory = directory
    }

    private func at(_ path: String) -> String {
        guard let directory = directory.flatMap({ try? AbsolutePath(validating: $0) }),
            let absolute = try? AbsolutePath(validating: path, relativeTo: directory)
        else { return path }
        return absolute.string
    }

    /// Signing files are small (a profile a few KB, a .p12 a few); the signing folder is the
    /// user's, so a FIFO or device there (or a huge file) is refused rather than read for ever.
    public static let readLimit: Int64 = 16 << 20

    public func contents(atPath path: String) throws -> Data {
        do {
            return try WholeFile.contents(of: at(path), atMost: Self.readLimit)
        } catch {
            throw SigningFileError(path: path, reason: error)
        }
    }

    public func fileExists(atPath path: String) -> Bool {
        FileManager.default.fileExists(atPath: at(path))
    }

    public func createDirectory(atPath path: String) throws {
        try FileManager.default.createDirectory(atPath: at(path), withIntermediateDirectories: true)
    }

    public func write(_ data: Data, toPath path: String) throws {
        try data.write(to: URL(fileURLWithPath: at(path)), options: .atomic)
    }

    public func contentsOfDirectory(atPath path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: at(path))
    }

    public func moveItem(atPath source: String, toPath destination: String) throws {
        let (source, destination) = (at(source), at(destination))
        if FileManager.default.fileExists(atPath: destination) { try FileManager.default.removeItem(atPath: destination) }
        try FileManager.default.moveItem(atPath: source, toPath: destination)
    }

    public func replaceItem(atPath destination: String, withItemAt source: String) throws {
        try FileRename.replace(at(destination), with: at(source))
    }

    public func removeItem(atPath path: String) throws {
        try FileManager.default.removeItem(atPath: at(path))
    }
}

/// A signing file that could not be read whole, and why.
public struct SigningFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: WholeFile.ReadError

    public var description: String {
        switch reason {
        case .absent: "\(path) does not exist"
        case .notARegularFile: "\(path) is not a regular file"
        case .tooLarge(let size): "\(path) is \(size) bytes, more than a signing file ever is (\(LocalSigningFileSystem.readLimit))"
        case .failed(let failure): "cannot read \(path): \(failure)"
        }
    }
}
