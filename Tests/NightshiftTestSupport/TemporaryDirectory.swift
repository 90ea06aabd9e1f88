import Foundation
public import Testing

/// A fresh folder for each test, removed when the test ends, whatever it left inside: tag a test
/// or a whole suite with `.temporaryDirectory` (each test, and each case of a parameterised one,
/// gets its own), then ask `TemporaryDirectory.make()` for folders inside it. Asking without the
/// trait throws, so no test can leave a folder behind in the system's temporary directory.
public enum TemporaryDirectory {
    /// The current test's folder; nil outside a test tagged `.temporaryDirectory`.
    @TaskLocal public static var current: String?

    /// A new, empty folder inside the current test's folder.
    public static func make(_ name: String = "folder") throws -> String {
        guard let current else { throw MissingTrait() }
        let path = "\(current)/\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    struct MissingTrait: Error, CustomStringConvertible {
        var description: String { "no temporary directory: tag the test or its suite with .temporaryDirectory" }
    }

    /// Removes `path` even where a test took away its own write or search permission.
    static func remove(_ path: String) throws {
        let files = FileManager.default
        if (try? files.removeItem(atPath: path)) != nil || !files.fileExists(atPath: path) { return }
        try? files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        for entry in files.enumerator(atPath: path)?.compactMap({ $0 as? String }) ?? [] {
            try? files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: "\(path)/\(entry)")
        }
        try files.removeItem(atPath: path)
    }
}

/// The trait behind `.temporaryDirectory`.
public struct TemporaryDirectoryTrait: TestTrait, SuiteTrait, TestScoping {
    /// On a suite, every test in it gets a folder of its own.
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let root = NSTemporaryDirectory() + "nightshift-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer {
            do { try TemporaryDirectory.remove(root) } catch {
                Issue.record("the test's temporary directory \(root) could not be removed: \(error)")
            }
        }
        try await TemporaryDirectory.$current.withValue(root) { try await function() }
    }
}

extension Trait where Self == TemporaryDirectoryTrait {
    /// A fresh folder for the test (`TemporaryDirectory.make()`), removed when it ends.
    public static var temporaryDirectory: Self { Self() }
}
