import Foundation
@testable import NightshiftCore
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// A history that refuses every write (a locked or broken database) and has nothing to read.
struct UnwritableRunHistory: RunHistory {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "database is locked" }
    }

    func insert(_ record: RunRecord) async throws -> RunRecord { throw Refused() }
    func update(_ record: RunRecord) async throws { throw Refused() }
    func updateIfRunning(_ record: RunRecord) async throws -> Bool { throw Refused() }
    func runningRecords() async throws -> [RunRecord] { [] }
    func records(lane: String?, limit: Int) async throws -> [RunRecord] { [] }
    func lastScheduledTime(lane: String) async throws -> Date? { nil }
    func lastSuccessfulRevision(lane: String) async throws -> String? { nil }
}

@Suite("Firings whose record or log cannot be written (#15)", .temporaryDirectory)
struct UnrecordedRunTests {
    @Test("a lane runs although its record cannot be written, and the log says so as an error")
    func runsWithoutRecord() async throws {
        let clock = ManualClock(now: instant("2026-03-02T09:59:00Z"))
        let launcher = FakeLaneLauncher(clock: clock)
        let output = CapturingOutputSink()
        let scheduler = Scheduler(
            lanes: [try scheduledLane("nightly", "0 10 * * *")], clock: clock, launcher: launcher, locks: FakeLaneLocks(),
            history: UnwritableRunHistory(), revisions: UnusedRevisionProbe(),
            log: SchedulerLog(output: output, clock: clock, zone: utc), reload: { [] })
        let task = Task { await scheduler.run() }
        await clock.waitForSleepers(1)
        clock.advance(to: instant("2026-03-02T10:00:00Z"))
        await launcher.waitForLaunches(1)
        await waitUntil("the run is logged as succeeded") { output.standardOutput.contains("nightly: succeeded") }
        await scheduler.stop()
        await task.value
        #expect(await launcher.launches.map(\.scheduledAt) == [instant("2026-03-02T10:00:00Z")])
        #expect(output.standardError.contains("error: cannot record nightly at 2026-03-02T10:00:00+00:00: database is locked"))
        #expect(output.standardError.contains("error: nightly: running it although its start could not be recorded"))
        #expect(output.standardError.contains("error: cannot record the run of nightly: database is locked"))
    }

    @Test(
        "a lane log that cannot be written (a full disk) loses the output, never the daemon; the problem is reported",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
    func fullDisk() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let logFolder = folder + "/.nightshift/runs/qa/r1"
        try FileManager.default.createDirectory(atPath: logFolder, withIntermediateDirectories: true)
        // Every write to /dev/full fails with ENOSPC, as on a full disk.
        try FileManager.default.createSymbolicLink(atPath: logFolder + "/scheduler.log", withDestinationPath: "/dev/full")
        let shell = ScriptedShellRunner()
        await shell.on(
            ["/usr/local/bin/nightshift", "run"], .output([(.standardOutput, "built\n"), (.standardError, "warned\n")], .exited(0)))
        let launcher = ProcessLaneLauncher(
            shell: shell, executable: "/usr/local/bin/nightshift", lanesFile: "lanes.yml",
            environmentName: nil, workingDirectory: folder, stateDirectory: .test(folder + "/.nightshift"))
        let outcome = await launcher.launch(LaneLaunch(lane: "qa", scheduledAt: instant("2026-01-01T00:00:00Z"), runID: "r1"))
        #expect(outcome.termination == .exited(0))
        #expect(
            outcome.logProblem
                == "cannot write '\(logFolder)/scheduler.log': No space left on device; the rest of the lane's output is not in it")
    }
}
