import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// A `git fetch` hanging on the network, as the scheduler sees it: a probe that answers only when
/// cancelled (a real one is then torn down by the shell runner).
actor HangingRevisionProbe: RevisionProbe {
    private(set) var calls = 0
    private(set) var cancellations = 0

    func currentRevision(remote: String?, branch: String?) async throws -> RevisionReading {
        calls += 1
        do {
            // Real time, never reached: the test cancels it (timeout or stop) long before.
            try await Task.sleep(for: .seconds(86_400))
        } catch {
            cancellations += 1
            throw error
        }
        return RevisionReading(commit: "never")
    }

    func waitForCalls(_ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("\(count) probe call(s)", sourceLocation: sourceLocation) { calls >= count }
    }
}

@Suite("Poll-SCM lanes whose git hangs (#15)")
struct RevisionProbeHangTests {
    @Test("a hung probe holds up neither another lane's firing nor the stop, which cancels it")
    func hungProbeBlocksNothing() async throws {
        let probe = HangingRevisionProbe()
        let lanes = [try scheduledLane("poll", "0 * * * *", trigger: .changed), try scheduledLane("other", "0 * * * *")]
        let harness = SchedulerTests.Harness(lanes: lanes, start: "2026-02-02T09:30:00Z", revisions: probe)
        let task = harness.start()
        await harness.advance(to: "2026-02-02T10:00:00Z")
        await harness.launcher.waitForLaunches(1)
        await probe.waitForCalls(1)
        await harness.finish(task)
        #expect(await harness.launcher.launches.map(\.lane) == ["other"])
        #expect(await probe.cancellations == 1)
        #expect(await harness.history.statuses("poll") == [.interrupted])
        #expect(await harness.history.all.first { $0.lane == "poll" }?.note == "the daemon stopped while reading the repository's commit")
        #expect(harness.clock.now == instant("2026-02-02T10:00:00Z"), "the probe was not granted the grace period")
    }

    @Test("a probe that does not answer within the timeout is stopped and the firing recorded as failed, saying why")
    func probeTimesOut() async throws {
        let probe = HangingRevisionProbe()
        let harness = SchedulerTests.Harness(
            lanes: [try scheduledLane("poll", "0 * * * *", trigger: .changed)],
            start: "2026-02-02T09:30:00Z", revisions: probe)
        let task = harness.start()
        await harness.advance(to: "2026-02-02T10:00:00Z")
        await probe.waitForCalls(1)
        await harness.clock.waitForSleeper(wakingAt: instant("2026-02-02T10:01:00Z"))
        harness.clock.advance(to: instant("2026-02-02T10:01:00Z"))
        await harness.history.waitUntilSettled(1)
        await harness.finish(task)
        #expect(await probe.cancellations == 1)
        #expect(await harness.launcher.launches.isEmpty)
        let record = try #require(await harness.history.all.first)
        #expect(record.status == .failed)
        #expect(record.note == "cannot read the repository's commit: git did not answer within 1m; stopped it")
        #expect(harness.output.standardError.contains("poll: cannot read the repository's commit: git did not answer within 1m"))
    }

    @Test("SIGINT stops the daemon while a probe hangs")
    func signalWhileProbeHangs() async throws {
        let probe = HangingRevisionProbe()
        let history = MemoryRunHistory()
        let harness = SchedulerDaemonTests.Harness(
            lanes: [try scheduledLane("poll", "0 * * * *", trigger: .changed)],
            start: "2026-02-02T09:59:00Z", history: history, revisions: probe)
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(to: instant("2026-02-02T10:00:00Z"))
        await probe.waitForCalls(1)
        harness.send.yield(SIGINT)
        await task.value
        #expect(await probe.cancellations == 1)
        #expect(await history.statuses("poll") == [.interrupted])
        #expect(harness.output.standardOutput.hasSuffix("scheduler stopped\n"))
    }
}
