import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `locks:` across processes (issue #19): two `nightshift run` processes of one user honour the
/// same named lock. The first holds it until the test sees the second say it waits, so the test
/// depends on no timing: the second's step can only run after the first's ends.
@Suite("named locks shared by two nightshift processes, end to end", .timeLimit(.minutes(2)), .temporaryDirectory)
struct NamedLockProcessTests {
    static let lanes = """
        lanes:
          first:
            steps:
              - sh: echo first-in >> order; touch started; while [ ! -f release ]; do sleep 0.02; done; echo first-out >> order
                locks: [simulator]
          second:
            steps:
              - sh: echo second >> order
                locks: [simulator]
        """

    @Test("the second process waits, naming the first as holder, and runs its step after the first's ends")
    func secondWaitsForFirst() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let first = Task { try await NightshiftBinary.run(["run", "first"], in: directory) }
        // The first run is a real process: its step starts at its pace, in real time.
        await waitUntil("the first run's step starts", checkingEvery: .milliseconds(10)) {
            FileManager.default.fileExists(atPath: directory + "/started")
        }
        let (termination, waited) = try await Self.runSecond(in: directory)
        let firstOutcome = try await first.value
        #expect(firstOutcome.exitCode == 0, "\(firstOutcome.standardError)")
        #expect(termination == .exited(0))
        #expect(waited.contains("'echo second >> order' waits for lock 'simulator', held by lane 'first' (run "), "\(waited)")
        let order = try String(contentsOfFile: directory + "/order", encoding: .utf8)
        #expect(order == "first-in\nfirst-out\nsecond\n")
    }

    /// Runs lane `second`, creating `release` once it says it waits for lock 'simulator' (so the
    /// holder can end); its termination and stderr.
    static func runSecond(in directory: String) async throws -> (Termination, String) {
        let collected = OutputCollector()
        let runner = ProcessShellRunner(environment: NightshiftBinary.environment(home: directory), gracePeriod: .seconds(5))
        let termination = try await runner.run(ShellCommand(NightshiftBinary.path, ["run", "second"], workingDirectory: directory)) {
            channel, bytes in
            await collected.append(channel, bytes)
            if await collected.text(.standardError).contains("waits for lock 'simulator'") {
                _ = FileManager.default.createFile(atPath: directory + "/release", contents: nil)
            }
        }
        return (termination, await collected.text(.standardError))
    }
}
