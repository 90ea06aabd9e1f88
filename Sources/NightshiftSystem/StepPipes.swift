import Foundation
internal import CNightshiftSystem

/// The two pipes a step writes its stdout and stderr into. The child gets the write ends; the
/// runner reads the read ends itself (`OutputPump`).
///
/// On Linux each pipe is widened to 1 MiB (`F_SETPIPE_SZ`; the default is 64 KiB) so a fast child keeps
/// writing while a chunk is being masked, and each read can take up to that much at once. The
/// read ends are non-blocking, so the pump can drain them without ever hanging in `read`. Every
/// descriptor is close-on-exec, and closing is idempotent, so the same value can be closed on
/// every path (spawned, failed to spawn, finished).
final class StepPipes: Sendable {
    /// The pipe size asked for; Linux caps it at its `pipe-max-size` setting (1 MiB by default)
    /// and a refusal just leaves the default size. macOS cannot be asked (see `makePipe`).
    static let capacity: Int32 = 1 << 20

    let output: (read: Int32, write: Int32)
    let error: (read: Int32, write: Int32)
    private let childEndsOpen = LockedValue(true)
    private let parentEndsOpen = LockedValue(true)

    init() throws(ShellRunnerError) {
        let output = try Self.makePipe()
        do {
            error = try Self.makePipe()
        } catch {
            Foundation.close(output.read)
            Foundation.close(output.write)
            throw error
        }
        self.output = output
    }

    /// Closes the write ends, once the child holds its own copies: from then on the pipes reach
    /// end-of-file as soon as the child and its descendants have closed theirs.
    func closeChildEnds() {
        let close = childEndsOpen.withLock { open in
            defer { open = false }
            return open
        }
        if close {
            Foundation.close(output.write)
            Foundation.close(error.write)
        }
    }

    /// Closes everything still open. Only once nothing reads the pipes any more.
    func closeAll() {
        closeChildEnds()
        let close = parentEndsOpen.withLock { open in
            defer { open = false }
            return open
        }
        if close {
            Foundation.close(output.read)
            Foundation.close(error.read)
        }
    }

    /// A close-on-exec pipe; the read end non-blocking and widened to `capacity` unless asked not to.
    /// Only Linux widens it: Darwin's pipes start at 512 bytes and grow to 64 KiB by themselves, so
    /// there a chunk is at most that, and the child blocks sooner while one is masked.
    static func makePipe(nonBlockingRead: Bool = true) throws(ShellRunnerError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        let failure = nightshift_make_pipe(&ends, nonBlockingRead ? 1 : 0, capacity)
        guard failure == 0 else {
            throw ShellRunnerError(executable: "pipe", reason: String(cString: strerror(failure)))
        }
        return (ends[0], ends[1])
    }
}
