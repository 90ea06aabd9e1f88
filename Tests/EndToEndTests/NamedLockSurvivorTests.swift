import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #26 §15: a named lock protected nothing once nightshift was SIGKILLed while its step's
/// processes lived on: the kernel dropped nightshift's flock at once, and a second run went in
/// beside them. The step's processes now hold a copy of the lock's descriptor, so the lock lives
/// as long as any of them. The survivor waits for the test's `release` file, so nothing here
/// depends on timing: the second run's step can only run once the survivor has ended.
@Suite(
    "a named lock outlives a SIGKILLed nightshift while its step's processes run, end to end", .timeLimit(.minutes(2)),
    .temporaryDirectory)
struct NamedLockSurvivorTests {
    static let lanes = """
        lanes:
          first:
            steps:
              - sh: echo $PPID > nightshift.pid; (while [ ! -f release ]; do sleep 0.02; done; echo survivor-out >> order) & echo $! > survivor.pid; wait
                locks: [simulator]
          second:
            steps:
              - sh: echo second >> order
                locks: [simulator]
        """

    @Test("SIGKILL nightshift mid-step: a second run waits for the step's surviving process, naming what it knows, then runs")
    func secondWaitsForSurvivor() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        async let first = NightshiftBinary.run(["run", "first"], in: directory)
        let nightshift = try await SignalTests.waitForPID(in: directory + "/nightshift.pid")
        let survivor = try await SignalTests.waitForPID(in: directory + "/survivor.pid")
        defer { kill(survivor, SIGKILL) }
        kill(nightshift, SIGKILL)
        #expect(try await first.termination == .signalled(SIGKILL))

        let (termination, waited) = try await NamedLockProcessTests.runSecond(in: directory)
        #expect(termination == .exited(0), "\(waited)")
        #expect(
            waited.contains("started and that outlived it (pid \(nightshift), the nightshift that took the lock, has ended)"), "\(waited)")
        let order = try String(contentsOfFile: directory + "/order", encoding: .utf8)
        #expect(order == "survivor-out\nsecond\n")
    }
}
