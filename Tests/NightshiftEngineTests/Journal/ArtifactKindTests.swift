import Foundation
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #26 §2: only regular files and folders are artifacts. `/dev/zero` was hashed forever and
/// a FIFO blocked its open (after the step passed, deaf to SIGTERM, and under `--resume --dry-run`
/// with a crafted journal); the kind is now looked at first and files are opened non-blocking.
@Suite("Artifacts are files and folders only", .temporaryDirectory)
struct ArtifactKindTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func makeFIFO() async throws -> String {
        let path = folder.path + "/f"
        let runner = ProcessShellRunner(environment: EnvironmentVariables(["PATH": "/usr/bin:/bin"]))
        #expect(try await runner.run(ShellCommand("mkfifo", [path])) { _, _ in } == .exited(0))
        return path
    }

    @Test("a FIFO, a device, or a link to one is no artifact and is named as what it is; a file and a folder are")
    func kinds() async throws {
        let fifo = try await makeFIFO()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: fifo)
        #expect(ContentDigest.artifact(at: fifo) == nil)
        #expect(ContentDigest.artifact(at: "/dev/zero") == nil)
        #expect(ContentDigest.artifact(at: folder.path + "/link") == nil)
        #expect(ContentDigest.problem(with: fifo)?.hasPrefix("output '\(fifo)' is a FIFO, not a file or a folder") == true)
        #expect(ContentDigest.problem(with: "/dev/zero")?.hasPrefix("output '/dev/zero' is a device") == true)
        #expect(ContentDigest.problem(with: folder.path + "/link")?.contains("is a FIFO") == true)

        try Data("abc".utf8).write(to: URL(fileURLWithPath: folder.path + "/file"))
        #expect(ContentDigest.problem(with: folder.path + "/file") == nil)
        #expect(ContentDigest.artifact(at: folder.path + "/file")?.size == 3)
        // A folder holding a FIFO: recorded by name, never opened.
        #expect(ContentDigest.artifact(at: folder.path)?.directory == true)
    }

    @Test("an interrupted run stops digesting between chunks: the artifact proves nothing")
    func interrupted() throws {
        let path = folder.path + "/big"
        try Data(count: 3 * ContentDigest.chunkSize).write(to: URL(fileURLWithPath: path))
        #expect(ContentDigest.artifact(at: path)?.size == Int64(3 * ContentDigest.chunkSize))
        let asked = DigestQuestions()
        let secondChunk: @Sendable () -> Bool = { asked.increment() > 1 }
        let digest = ContentDigest.artifact(at: path, isInterrupted: secondChunk)
        #expect(digest == nil)
        #expect(asked.value == 2, "asked before each chunk, stopped before the second")
    }
}

/// A count shared with a `@Sendable` closure.
private final class DigestQuestions: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    /// Adds one; the new count.
    func increment() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}
