import Foundation
import NightshiftTestSupport
import Testing
@testable import NightshiftSystem

/// GitHub's step summary is appended to, never truncated; a step log is placed beside the HTML
/// report in one step.
@Suite("AppendedFile and FileCopy", .temporaryDirectory)
struct AppendedFileAndCopyTests {
    let folder: String

    init() throws {
        folder = try TemporaryDirectory.make("append")
    }

    @Test("appends after what is there, told its size; creates a missing file")
    func append() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/summary.md"
        try AppendedFile.append(to: path) { existing in
            #expect(existing == 0)
            return Array("one\n".utf8)
        }
        try AppendedFile.append(to: path) { existing in
            #expect(existing == 4)
            return Array("two\n".utf8)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\n")
    }

    @Test("a FIFO nobody reads is refused at once, and a missing folder named")
    func refused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: SystemCallError.self) { try AppendedFile.append(to: fifo) { _ in Array("x".utf8) } }
        #expect(throws: SystemCallError("cannot write '\(folder)/missing/summary.md'", code: ENOENT)) {
            try AppendedFile.append(to: folder + "/missing/summary.md") { _ in [] }
        }
    }

    @Test("FileCopy replaces what the destination held with the source's content, leaving nothing beside it")
    func place() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "the log\n".write(toFile: folder + "/a.log", atomically: false, encoding: .utf8)
        try "old\n".write(toFile: folder + "/b.log", atomically: false, encoding: .utf8)
        try FileCopy.place(folder + "/a.log", at: folder + "/b.log")
        #expect(try String(contentsOfFile: folder + "/b.log", encoding: .utf8) == "the log\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.log", "b.log"])
        #expect(throws: SystemCallError.self) { try FileCopy.place(folder + "/missing.log", at: folder + "/c.log") }
    }
}
