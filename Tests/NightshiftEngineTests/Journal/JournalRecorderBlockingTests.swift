import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Digesting a step's artifacts (a multi-gigabyte .xcarchive) blocks: the recorder does it off
/// Swift's cooperative pool and outside its lock, so the rest of the run goes on meanwhile.
@Suite("Journal recorder, blocking work", .temporaryDirectory)
struct JournalRecorderBlockingTests {
    @Test("slow artifact digests hold neither the recorder's lock nor the cooperative pool's threads", .timeLimit(.minutes(2)))
    func slowDigest() async throws {
        // More digests held at once than the pool has threads: on the pool they would stall it.
        let held = ProcessInfo.processInfo.activeProcessorCount + 1
        let gate = DispatchSemaphore(value: 0)
        let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
        let slowDigest: @Sendable (String) -> JournalArtifact? = { path in
            arrived.yield(path)
            gate.wait()
            return JournalArtifact(path: path, size: 1, sha256: "slow", directory: false)
        }
        // Fails the test instead of hanging it, should the digests block what opens the gate:
        // it opens the gate only when the test did not (`opened`) within the limit.
        let opened = DispatchSemaphore(value: 0)
        let rescued = LockedValue(false)
        Thread {
            guard opened.wait(timeout: .now() + 60) == .timedOut else { return }
            rescued.withLock { $0 = true }
            for _ in 0..<held { gate.signal() }
        }.start()

        let tests = JournalRecorderTests()
        var recorders: [(RunJournalRecorder, path: String)] = []
        for _ in 0..<held { recorders.append(try tests.recorder(digest: slowDigest)) }
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_600))
        let archive = Step(.sh("make archive"))
        let finishing = recorders.map { recorder, _ in
            Task {
                let ticket = await recorder.begin(
                    archive, lane: "beta", number: 1, configuration: nil, environment: [:], artifactPaths: ["/o/A.xcarchive"],
                    exportsBefore: [:])
                let result = StepResult(lane: "beta", name: "make archive", kind: .step(.sh), status: .passed, start: clock.now)
                return await recorder.finish(archive, ticket, result: .init(result), exportsAfter: [:], clock: clock)
            }
        }
        var waiting = arrivals.makeAsyncIterator()
        for _ in 0..<held { _ = await waiting.next() }
        // Every digest is held, and this task still runs; the recorder's lock is free too.
        let (first, path) = recorders[0]
        let next = await first.begin(
            Step(.sh("next")), lane: "beta", number: 2, configuration: nil, environment: [:], artifactPaths: [], exportsBefore: [:])
        #expect(next.number == 2)
        #expect(first.takeWriteFailure() == nil)
        opened.signal()
        for _ in 0..<held { gate.signal() }

        for task in finishing { #expect(await task.value) }
        #expect(!rescued.withLock { $0 })
        await first.writeAfterStep()
        let written = try JournalCoding.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        #expect(written.steps.first?.artifacts.map(\.sha256) == ["slow"])
    }
}
