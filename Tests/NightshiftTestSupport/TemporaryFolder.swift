import Foundation

/// A real temporary directory, removed when the value goes away.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = try TemporaryDirectory.make()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func write(_ name: String, _ contents: String) throws {
        try contents.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8)
    }

    public func writeExecutable(_ name: String, _ contents: String) throws {
        try write(name, contents)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(path)/\(name)")
    }
}
