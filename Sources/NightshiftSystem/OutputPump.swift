import Foundation
internal import CNightshiftSystem

/// Reads a step's stdout and stderr pipes on a thread of its own and hands the chunks, one at a
/// time and in the order read, to an async consumer.
///
/// swift-subprocess' output sequences, which the runner used at first, were the bottleneck: they
/// read at most the pipe's default size (64 KiB) per chunk, allocate a buffer per read on an I/O
/// thread, resume the reading task for each, and the runner then copied every chunk into the
/// `[UInt8]` it hands out. Here a read takes what the pipe holds, up to `chunkLimit`, straight
/// into the array that is handed out: no copy, and one thread hop per chunk.
///
/// Back-pressure: the thread reads only when the consumer asks for the next chunk, so one chunk
/// per step is in memory at most, whatever the child prints; meanwhile the child blocks on its
/// full pipe.
///
/// The blocking `poll` runs on a thread of nightshift's own (`BlockingThreads`), never on the
/// cooperative pool or a Dispatch queue: on a 2-core CI machine the pool has two threads, and a
/// blocked one can starve the very task that consumes the output (tuist/tuist#12366).
///
/// The output ends at end-of-file on both pipes, or once the leader has exited and what was in
/// the pipes at that moment has been read: a background process that keeps them open, or keeps
/// printing, cannot hold the step open after its leader ended. The pump then blocks its thread
/// until the leader has exited (`ProcessGroup.blockUntilLeaderExits`, which leaves it unreaped)
/// and only then reports the end: no polling with sleeps between the output's end and the
/// leader's, which a step of 1,000 `true` steps would pay 1,000 times.
final class OutputPump: Sendable {
    typealias Chunk = (channel: OutputChannel, bytes: [UInt8])

    /// The most one read takes. A quarter of the widened pipe: the child keeps writing into the
    /// rest while a chunk is masked, and the chunk, its masked copy and its decorated copy for
    /// the console stay small (peak memory, scripts/bench-stream), at no cost in throughput.
    static let chunkLimit = Int(StepPipes.capacity) / 4

    private let channels: [OutputChannel]
    private let descriptors: [Int32]
    private let group: ProcessGroup
    private let requests = DispatchSemaphore(value: 0)
    /// Handed between the pump's thread and the reader under the box's lock.
    private let waiter = LockedValue<CheckedContinuation<Chunk?, Never>?>(nil)

    init(pipes: StepPipes, group: ProcessGroup) {
        channels = [.standardOutput, .standardError]
        descriptors = [pipes.output.read, pipes.error.read]
        self.group = group
    }

    /// Delivers every chunk and returns once both pipes are done and the leader has exited
    /// (unreaped). Call once.
    func run(deliver: (OutputChannel, [UInt8]) async -> Void) async {
        // The pump starts with the first chunk already asked for: one wake-up of its thread per
        // step, not two (a step that prints nothing needs no more).
        var chunk = await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            BlockingThreads.shared.run { [self] in pumpLoop() }
        }
        while let current = chunk {
            await deliver(current.channel, current.bytes)
            chunk = await next()
        }
    }

    private func next() async -> Chunk? {
        await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            requests.signal()
        }
    }

    private func pumpLoop() {
        let group = self.group
        var reader = PipeReader(descriptors: descriptors, leaderHasExited: { group.leaderHasExited })
        while true {
            let chunk = reader.nextChunk().map { (channels[$0.index], $0.bytes) }
            if chunk == nil { group.blockUntilLeaderExits() }
            let continuation = waiter.withLock { waiter in
                defer { waiter = nil }
                return waiter
            }
            continuation?.resume(returning: chunk)
            if chunk == nil { return }
            requests.wait()
        }
    }
}

/// The pump thread's reading state: which pipes are still open, whose turn it is, and, once the
/// leader has exited, how much each pipe still holds.
private struct PipeReader {
    let descriptors: [Int32]
    let leaderHasExited: @Sendable () -> Bool
    private var open: [Bool]
    private var turn = 0
    /// Set once the leader has exited: the bytes left to read from each pipe.
    private var remaining: [Int]?
    private var pollTimeout: Int32 = Self.shortestPollTimeout
    private var lastLeaderCheck = ContinuousClock.now

    /// Poll timeouts grow from 2 ms to 64 ms while nothing arrives; they only matter when a
    /// descendant keeps the pipes open after the leader has exited.
    static let shortestPollTimeout: Int32 = 2
    static let longestPollTimeout: Int32 = 64

    init(descriptors: [Int32], leaderHasExited: @escaping @Sendable () -> Bool) {
        self.descriptors = descriptors
        self.leaderHasExited = leaderHasExited
        self.open = descriptors.map { _ in true }
    }

    private enum ReadResult {
        case bytes([UInt8])
        case empty
        case ended
    }

    /// The next chunk from either pipe (taking turns), or nil once both are done.
    mutating func nextChunk() -> (index: Int, bytes: [UInt8])? {
        while true {
            checkLeader(force: false)
            for offset in descriptors.indices {
                let index = (turn + offset) % descriptors.count
                guard open[index] else { continue }
                switch read(index) {
                case .bytes(let bytes):
                    turn = index + 1
                    return (index, bytes)
                case .empty: continue
                case .ended: open[index] = false
                }
            }
            if !open.contains(true) || remaining != nil { return nil }
            waitForOutput()
        }
    }

    /// Reads what the pipe holds (up to a chunk) straight into a new array of that size.
    private mutating func read(_ index: Int) -> ReadResult {
        let descriptor = descriptors[index]
        let limit = min(remaining.map { $0[index] } ?? OutputPump.chunkLimit, OutputPump.chunkLimit)
        guard limit > 0 else { return .ended }
        let available = Self.bytesAvailable(in: descriptor)
        let size = available > 0 ? min(available, limit) : min(512, limit)
        var result = 0
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            repeat {
                result = Foundation.read(descriptor, buffer.baseAddress, size)
            } while result < 0 && errno == EINTR
            failure = result < 0 ? errno : 0
            count = max(result, 0)
        }
        if result > 0 {
            remaining?[index] -= result
            return .bytes(bytes)
        }
        if result < 0 && (failure == EAGAIN || failure == EWOULDBLOCK) { return .empty }
        // End-of-file, or a read error, which ends the channel the same way.
        return .ended
    }

    private mutating func waitForOutput() {
        var watched = descriptors.indices.filter { open[$0] }.map {
            pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0)
        }
        let ready = poll(&watched, nfds_t(watched.count), pollTimeout)
        if ready == 0 {
            pollTimeout = min(pollTimeout * 2, Self.longestPollTimeout)
            checkLeader(force: true)
        } else {
            pollTimeout = Self.shortestPollTimeout
        }
    }

    /// Once the leader has exited, only what the pipes hold now is still read. Checked when a
    /// poll times out, and every 50 ms while output flows (a descendant could print forever).
    private mutating func checkLeader(force: Bool) {
        guard remaining == nil else { return }
        let now = ContinuousClock.now
        guard force || now - lastLeaderCheck >= .milliseconds(50) else { return }
        lastLeaderCheck = now
        guard leaderHasExited() else { return }
        remaining = descriptors.indices.map { open[$0] ? Self.bytesAvailable(in: descriptors[$0]) : 0 }
    }

    private static func bytesAvailable(in descriptor: Int32) -> Int {
        Int(nightshift_bytes_available(descriptor))
    }
}
