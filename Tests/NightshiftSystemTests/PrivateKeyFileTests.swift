import Foundation
import NightshiftTestSupport
import Testing
@testable import NightshiftSystem

/// The journal's key file (issue #26, item 5): made once, 0600, never half-written, and the same
/// key for everyone who races to make it.
@Suite("PrivateKeyFile", .temporaryDirectory)
struct PrivateKeyFileTests {
    let folder: String

    init() throws {
        folder = try TemporaryDirectory.make("keys")
    }

    @Test("made once with mode 0600 and read back; a second call keeps the first key")
    func madeOnce() throws {
        let path = folder + "/journal.key"
        let first = try PrivateKeyFile.loadOrCreate(path, length: 32) { [UInt8](repeating: 1, count: 32) }
        let second = try PrivateKeyFile.loadOrCreate(path, length: 32) { [UInt8](repeating: 2, count: 32) }
        #expect(first == [UInt8](repeating: 1, count: 32) && second == first)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.key"])
    }

    @Test("sixteen threads racing to make it all get the same key, and no temporary file is left")
    func race() throws {
        let path = folder + "/journal.key"
        let lock = NSLock()
        nonisolated(unsafe) var keys: [[UInt8]?] = []
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let key = try? PrivateKeyFile.loadOrCreate(path, length: 32) { [UInt8](repeating: UInt8(index), count: 32) }
            lock.withLock { keys.append(key) }
        }
        #expect(keys.count == 16 && keys.allSatisfy { $0 != nil && $0 == keys[0] })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["journal.key"])
    }

    @Test("a file of the wrong size, a folder or a link is no key: an error, never overwritten")
    func notAKey() throws {
        let short = folder + "/short.key"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: short))
        #expect(throws: PrivateKeyFile.Problem.self) { try PrivateKeyFile.loadOrCreate(short, length: 32) { [] } }
        #expect(FileManager.default.contents(atPath: short) == Data([1, 2, 3]))
        let directory = folder + "/dir.key"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        #expect(throws: PrivateKeyFile.Problem.self) { try PrivateKeyFile.load(directory, length: 32) }
        let link = folder + "/link.key"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: short)
        #expect(throws: PrivateKeyFile.Problem.self) { try PrivateKeyFile.load(link, length: 32) }
    }
}
