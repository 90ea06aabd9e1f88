import Foundation
import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// Issue #38 §14: the test step's JUnit was streamed into a fixed `.<name>.partial`, opened with
/// O_TRUNC through whatever was there: a symlink planted at that name had its target overwritten,
/// a FIFO there held the run. The file written first is now made exclusively, under a name of its own.
@Suite("The test step's reports: the file written before the rename", .temporaryDirectory)
struct ReportPartialFileTests {
    @Test("a symlink at the old fixed partial name is left alone, and so is the file it names")
    func plantedSymlink() throws {
        let folder = try TemporaryDirectory.make()
        try "keep me".write(toFile: folder + "/victim", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/.tests.xml.partial", withDestinationPath: folder + "/victim")
        _ = try JUnitTestsWriter(name: "test", masker: .none).write([], to: folder + "/tests.xml")
        #expect(try String(contentsOfFile: folder + "/victim", encoding: .utf8) == "keep me")
        #expect(FileKind.of(folder + "/tests.xml") == .regular)
        #expect(try String(contentsOfFile: folder + "/tests.xml", encoding: .utf8).contains("<testsuites"))
        #expect(FileKind.of(folder + "/.tests.xml.partial") == .symlink)
    }

    @Test("a FIFO at the old fixed partial name neither holds the report nor is written into")
    func plantedFIFO() async throws {
        let folder = try TemporaryDirectory.make()
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        #expect(try await shell.capture(ShellCommand("mkfifo", [folder + "/.coverage.xml.partial"])).succeeded)
        _ = try JUnitTestsWriter(name: "test", masker: .none).write([], to: folder + "/coverage.xml")
        #expect(FileKind.of(folder + "/coverage.xml") == .regular)
        #expect(FileKind.of(folder + "/.coverage.xml.partial") == .other)
    }
}
