import Foundation
import NightshiftTestSupport
import Testing

/// Issue #26 §2: a step whose `outputs:` named a FIFO or a device passed, then hung: opening the
/// FIFO waited for a writer and `/dev/zero` was hashed forever, three SIGTERMs ignored. Such an
/// output now fails the step, naming the path and what it is, and the lane's cleanup runs.
@Suite("outputs that are no file or folder, end to end", .timeLimit(.minutes(1)), .temporaryDirectory)
struct DeviceOutputTests {
    static let lanes = """
        lanes:
          fifo:
            steps:
              - sh: mkfifo pipe
                outputs: [pipe]
          device:
            steps:
              - sh: echo made
                outputs: ["${ZERO}"]
        """

    @Test(
        "the step fails at once, naming the output and its kind",
        arguments: [
            ("fifo", "'mkfifo pipe' passed, but its output 'pipe' is a FIFO"),
            ("device", "'echo made' passed, but its output '/dev/zero' is a device"),
        ])
    func failsNamingKind(lane: String, expected: String) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", lane], in: directory, environment: ["ZERO": "/dev/zero"])
        #expect(outcome.exitCode == 1)
        #expect((outcome.standardOutput + outcome.standardError).contains(expected), "\(outcome.standardOutput)\(outcome.standardError)")
    }
}
