/// Work that blocks its thread (hashing a multi-gigabyte .xcarchive, fsync), awaited from async
/// code without holding a thread of Swift's cooperative pool meanwhile: the pool has one thread
/// per core (two on a small CI machine), and a blocked one stalls every other task, the step's
/// output readers and the console included. The work runs on one of nightshift's own threads
/// (`BlockingThreads`), never a Dispatch queue (see there why), and the caller resumes with its
/// result. Not cancellable: work that must stop early checks a condition of its own.
public enum BlockingWork {
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            BlockingThreads.shared.run { continuation.resume(returning: work()) }
        }
    }
}
