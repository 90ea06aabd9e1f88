import Dispatch
import Foundation
internal import CNightshiftSystem

/// Catches the signals that ask nightshift to stop (SIGINT from Ctrl-C, SIGTERM from Jenkins'
/// "Abort", SIGHUP from a closed terminal) and delivers them as values, so the composition root can forward the signal to the
/// running step (`TeardownSignal.forward`), cancel the lane, run its `always` steps, write the
/// reports, and exit with `SignalTrap.exitStatus(for:)`.
///
/// A `DispatchSource` signal source is not used: on Linux libdispatch reads signals through a
/// `signalfd`, which only sees a signal while every thread blocks it, and a signal set to
/// SIG_IGN is discarded before any thread could. Measured here, a process-directed SIGUSR1 never
/// reached such a source. (On macOS a kqueue-based source would work, but one mechanism for both
/// keeps one behaviour to test.) Instead a `sigaction` handler, installed by the C system layer
/// (`nightshift_trap_signal`: `struct sigaction` is spelled differently in Glibc and Darwin),
/// writes the signal number to a pipe (the self-pipe trick: `write` is async-signal-safe) and a
/// dispatch read source turns the bytes into values. One trap at a time per process.
// @unchecked: all fields are immutable; swift-corelibs-libdispatch does not declare its read
// source Sendable, and it is only created in `init` and cancelled in `deinit`.
public final class SignalTrap: @unchecked Sendable {
    /// SIGINT, SIGTERM, and SIGHUP: a closed terminal or SSH session is as much a request to stop
    /// as Ctrl-C, and left to its default action it would kill nightshift with the keychain
    /// unlocked on the search list, the step still running and no report.
    public static let interruptions: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Each trapped signal as it arrives.
    public let signals: AsyncStream<Int32>
    private let trapped: [Int32]
    private let reader: any DispatchSourceRead
    private let continuation: AsyncStream<Int32>.Continuation
    private let pipeEnds: (read: Int32, write: Int32)

    public init(trapping trapped: [Int32] = SignalTrap.interruptions) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        var ends: [Int32] = [-1, -1]
        // Close-on-exec; `nightshift_trap_signal` makes the write end non-blocking, so a handler
        // never blocks on a full pipe.
        _ = nightshift_make_pipe(&ends, 0, 0)
        self.signals = stream
        self.continuation = continuation
        self.trapped = trapped
        self.pipeEnds = (ends[0], ends[1])
        self.reader = Self.makeReader(on: ends[0], continuation: continuation)
        for signalNumber in trapped { _ = nightshift_trap_signal(signalNumber, ends[1]) }
    }

    private static func makeReader(on descriptor: Int32, continuation: AsyncStream<Int32>.Continuation) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "nightshift.signal-trap"))
        source.setEventHandler {
            var numbers = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &numbers, numbers.count)
            for number in numbers.prefix(max(count, 0)) { continuation.yield(Int32(number)) }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        return source
    }

    /// Stops trapping: the signals get their default action back and `signals` finishes.
    public func cancel() {
        for signalNumber in trapped { nightshift_untrap_signal(signalNumber) }
        reader.cancel()
        close(pipeEnds.write)
        continuation.finish()
    }

    /// The exit status a shell reports for a process ended by `signal`: 130 for SIGINT, 143 for
    /// SIGTERM.
    public static func exitStatus(for signal: Int32) -> Int32 {
        128 + signal
    }

    /// Call first thing in `main`, before any thread exists. Unblocks every signal on the calling
    /// thread, which threads created later inherit: a nightshift started from a runtime thread
    /// (or by a Foundation.Process parent) can otherwise inherit a mask that blocks SIGTERM, and
    /// Jenkins' Abort would go unseen. Also ignores SIGPIPE, so a reader that goes away (`| head`,
    /// a child that closed its stdin) yields an EPIPE error instead of killing nightshift.
    public static func prepareProcessSignals() {
        nightshift_prepare_process_signals()
    }
}
