import Foundation
import NightshiftTestSupport
import Testing
@testable import NightshiftSystem

/// `--junit` and `--json` land where a shell redirection would, and never as half a file.
@Suite("ReportFile", .temporaryDirectory)
struct ReportFileTests {
    let folder: String

    init() throws {
        folder = try TemporaryDirectory.make("report")
    }

    func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }

    @Test("a new file and an existing one are written whole, with no temporary file left beside them")
    func regularFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/report.json"
        try ReportFile.write(Array("first".utf8), to: path)
        try ReportFile.write(Array("second".utf8), to: path)
        #expect(try contents(path) == "second")
        #expect(try leftovers().isEmpty)
    }

    @Test("a symlinked report path keeps its link, and the file it names gets the report", arguments: [true, false])
    func symlink(relative: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
        try "old".write(toFile: folder + "/reports/junit.xml", atomically: false, encoding: .utf8)
        let link = folder + "/junit.xml"
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: relative ? "reports/junit.xml" : folder + "/reports/junit.xml")
        try ReportFile.write(Array("<testsuites/>".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).hasSuffix("reports/junit.xml"))
        #expect(try contents(folder + "/reports/junit.xml") == "<testsuites/>")
    }

    @Test("/dev/stdout, a link only the kernel can resolve, is written into whatever it stands for")
    func standardOutput() throws {
        // Nothing written: this process's stdout may be the test log itself.
        try ReportFile.write([], to: "/dev/stdout")
    }

    @Test("a dangling symlink leads to the file it names, which is created")
    func danglingSymlink() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/latest.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "run-42.json")
        try ReportFile.write(Array("{}".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "run-42.json")
        #expect(try contents(folder + "/run-42.json") == "{}")
    }

    @Test("/dev/null is written into, not replaced by a regular file")
    func device() throws {
        try ReportFile.write(Array("discarded".utf8), to: "/dev/null")
        #expect(FileKind.of("/dev/null") == .other)
    }

    @Test("a FIFO is written into, and a reader on the other end gets the report")
    func fifo() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/report.pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader has the FIFO open before the report is written, as `cat fifo &` would.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try ReportFile.write(Array("through the pipe".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe")
        #expect(FileKind.of(fifo) == .other)
    }

    @Test("a FIFO no process reads is refused at once, named as such, not waited on (issue #38 §12)")
    func fifoWithoutReader() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/junit.xml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let path = try AbsolutePath(validating: fifo)
        #expect(throws: SystemCallError("cannot write 'reports/junit.xml' (a FIFO no process reads)", code: ENXIO)) {
            try ReportFile.write(Array("<testsuites/>".utf8), to: path, shownAs: "reports/junit.xml")
        }
        #expect(FileKind.of(fifo) == .other)
    }

    @Test("a directory is refused with the path named")
    func directory() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: SystemCallError("cannot write '\(folder)'", code: EISDIR)) { try ReportFile.write([], to: folder) }
    }

    @Test("a link cycle is refused, not followed for ever")
    func linkCycle() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b", withDestinationPath: "a")
        #expect(throws: SystemCallError("cannot write '\(folder)/a'", code: ELOOP)) { try ReportFile.write([], to: folder + "/a") }
    }
}
