import Foundation
@testable import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("ProcessShellRunner teardown")
struct ProcessTeardownTests {
    @Test("cancelling kills a child that ignores SIGTERM, and its background grandchild, after the grace period")
    func ignoresTerm() async throws {
        let runner = ProcessShellRunner(environment: ["PATH": testPATH], gracePeriod: .milliseconds(200))
        let recorder = OutputRecorder()
        let script = "trap '' TERM; sleep 30 & echo pid=$!; echo pid=$$; echo ready; while :; do sleep 0.05; done"
        let task = Task { try await runner.run(.shell(script), onOutput: recorder.onOutput) }
        await recorder.waitForStandardOutput(containing: "ready")
        let started = ContinuousClock.now
        task.cancel()
        let termination = try await task.value
        #expect(termination == .signalled(SIGKILL))
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(recorder.printedPIDs.count == 2)
        for pid in recorder.printedPIDs { #expect(await processDies(pid), "pid \(pid) survived") }
    }

    @Test("a child that honours SIGTERM ends at once, with output read until the end")
    func honoursTerm() async throws {
        let runner = ProcessShellRunner(environment: ["PATH": testPATH], gracePeriod: .seconds(20))
        let recorder = OutputRecorder()
        let script = "trap 'echo cleaning up; exit 4' TERM; echo ready; while :; do sleep 0.02; done"
        let task = Task { try await runner.run(.shell(script), onOutput: recorder.onOutput) }
        await recorder.waitForStandardOutput(containing: "ready")
        task.cancel()
        // Exit 4 is the trap's: the child ended on SIGTERM, not on the SIGKILL the 20 s grace
        // period would have brought. That is the event; no bound on the clock.
        #expect(try await task.value == .exited(4))
        #expect(recorder.stdout.hasSuffix("cleaning up\n"))
    }

    @Test("the signal nightshift received is the one forwarded to the group")
    func forwardsInterrupt() async throws {
        let signal = TeardownSignal()
        signal.forward(SIGINT)
        let runner = ProcessShellRunner(environment: ["PATH": testPATH], gracePeriod: .seconds(20), teardownSignal: signal)
        let recorder = OutputRecorder()
        let script = "trap 'echo got INT; exit 7' INT; trap 'echo got TERM; exit 8' TERM; echo ready; while :; do sleep 0.02; done"
        let task = Task { try await runner.run(.shell(script), onOutput: recorder.onOutput) }
        await recorder.waitForStandardOutput(containing: "ready")
        task.cancel()
        #expect(try await task.value == .exited(7))
        #expect(recorder.stdout.contains("got INT"))
        #expect(signal.current == SIGINT)
    }

    @Test("a step that leaves a background process holding its output ends promptly and leaves nothing behind")
    func leftoverGrandchild() async throws {
        let runner = ProcessShellRunner(environment: ["PATH": testPATH], gracePeriod: .milliseconds(200))
        let recorder = OutputRecorder()
        // The event is run's return: it comes only if the runner stops waiting for the output
        // once the shell exits, since `sleep 86400` holds the pipe for a day. No bound on the
        // clock, which a loaded machine stretched past 120 s (252 s beside three builds).
        let termination = try await runner.run(.shell("sleep 86400 & echo pid=$!"), onOutput: recorder.onOutput)
        #expect(termination == .exited(0))
        let pids = recorder.printedPIDs
        #expect(pids.count == 1)
        for pid in pids { #expect(await processDies(pid), "pid \(pid) survived") }
    }

    /// Peak memory is measured by scripts/bench-memory, outside the (parallel) test run; here the
    /// bound that keeps it flat: no chunk handed out is bigger than one pipe read.
    @Test("a step printing 200 MB streams all of it in bounded chunks")
    func bigOutput() async throws {
        let runner = ProcessShellRunner(environment: ["PATH": testPATH])
        let counter = ByteCounter()
        let script = "yes 'CompileSwift normal x86_64 /src/Module/File.swift (in target App from project App)' | head -c 200000000"
        let termination = try await runner.run(.shell(script)) { _, bytes in counter.add(bytes.count) }
        #expect(termination == .exited(0))
        #expect(counter.total == 200_000_000)
        #expect(counter.largestChunk <= OutputPump.chunkLimit)
    }
}

/// Counts bytes and remembers the largest chunk.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var largest = 0

    func add(_ bytes: Int) {
        lock.withLock {
            count += bytes
            largest = max(largest, bytes)
        }
    }

    var total: Int { lock.withLock { count } }
    var largestChunk: Int { lock.withLock { largest } }
}
