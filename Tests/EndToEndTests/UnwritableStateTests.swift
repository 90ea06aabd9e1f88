import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// Issue #15: a `.nightshift` nightshift cannot write into. Before, the run had no logs and said
/// nothing, and its failure message named a `logs:` folder that did not exist.
@Suite("nightshift run with an unwritable .nightshift", .temporaryDirectory)
struct UnwritableStateTests {
    @Test("warns at the start, runs with console output only, names no log folder")
    func unwritableStateDirectory() async throws {
        let directory = try makeTemporaryDirectory()
        try RunLaneTests.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let state = directory + "/.nightshift"
        // Permissions do not bind root: a file where the folder should be stops root as well.
        if geteuid() == 0 {
            try "not a folder".write(toFile: state, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: state)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: state) }
        let outcome = try await NightshiftBinary.run(["run", "broken", "--json", "report.json"], in: directory)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.contains("warning: cannot write logs under "))
        #expect(outcome.standardError.contains("/.nightshift: "))
        #expect(outcome.standardError.contains("; step output goes to the console only"))
        #expect(outcome.standardOutput.contains("about to fail"))
        #expect(outcome.standardOutput.contains("'Compile' failed with exit code 7"))
        #expect(!outcome.standardOutput.contains("logs:"))
        let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
        #expect(!report.contains("log_folder"))
        #expect(!report.contains("\"log\""))
    }
}
