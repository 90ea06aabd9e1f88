import Foundation
import NightshiftCore
import NightshiftSystem

/// One run at a time for one file's bytes, from reading its record until the submission is made,
/// recorded with its id and its upload finished: `.nightshift/notary/<sha256>.lock`, a `FileLock`
/// (flock), so a run killed while holding it frees it at once.
///
/// Without it, two runs notarizing the same bytes together both found no record and both
/// submitted. The upload is inside the lock too: a second run let in between the id's record
/// and the upload's end would continue the same upload with the same credentials beside the first.
/// The second run waits, saying so, then finds the id in the record and waits on that submission.
struct NotarySubmissionLock {
    let path: String
    let clock: any WallClock
    /// How long a run waits for another's submission of the same file: the step's `wait_timeout:`,
    /// the time it is ready to wait for Apple anyway (an upload of a large file takes minutes).
    let timeout: Duration
    let log: @Sendable (String) async -> Void

    /// flock(2) has no timed wait: tried without blocking, every second on the lane's clock.
    static let pollInterval = Duration.seconds(1)

    func withLock<Result>(_ body: () async throws -> Result) async throws -> Result {
        let lock = try await acquire()
        // The lock is released when `lock` goes away: kept alive until `body` is done.
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    private func acquire() async throws -> FileLock {
        let deadline = clock.now.addingTimeInterval(timeout.seconds)
        var announced = false
        while true {
            do {
                return try FileLock(path: path)
            } catch {
                switch error {
                case .cannotOpen, .notALockFile:
                    throw NotaryError("cannot lock the notary record: \(error)", reason: .stepFailed)
                case .held(_, let pid):
                    let holder = pid.map { " (pid \($0))" } ?? ""
                    guard clock.now < deadline else {
                        throw NotaryError(
                            "another run\(holder) has been submitting this file for \(DurationFormatting.exact(timeout)) "
                                + "('wait_timeout:'); not submitting the same bytes beside it. Its lock is \(path)",
                            reason: .notarizationUnfinished)
                    }
                    if !announced {
                        await log(
                            "waiting on another run's submission of the same file\(holder), at most \(DurationFormatting.exact(timeout))")
                        announced = true
                    }
                    try await clock.sleep(for: Self.pollInterval)
                }
            }
        }
    }
}
