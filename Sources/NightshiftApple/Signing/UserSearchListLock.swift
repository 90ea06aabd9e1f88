import NightshiftCore
internal import Foundation
import NightshiftEngine
public import NightshiftSystem

/// The search-list lock of one user: an advisory `FileLock` on a file in that user's
/// `~/Library/Keychains`, waited for up to `timeout`.
///
/// Why there: the lock must be exactly as shared as the search list, which is per user. Every
/// nightshift of the user has to find the same file, whatever started it: a Jenkins agent, the
/// scheduler's LaunchAgent and a terminal can have different working directories and `TMPDIR`s
/// (and a job may set its own), while on Linux `/tmp` is shared by all users. `$HOME` is what the
/// run already trusts for its keychain and profiles; `~/Library/Keychains` exists on every Mac
/// account and holds nightshift's named keychains anyway (it is created where missing, as on
/// Linux). Two runs of one user with different `HOME`s would not meet here: an account's runs
/// are expected to share it, as they share its search list.
public struct UserSearchListLock: SearchListLock {
    /// nil when `HOME` is unset: locking then fails with that reason.
    public let path: String?
    public let timeout: Duration
    private let clock: any WallClock
    private let pollInterval: Duration

    /// `timeout` bounds the wait: a lane normally holds the lock for a few `security` commands
    /// (well under a second), so a long wait means a holder stuck in one of them.
    public init(home: String?, clock: any WallClock, timeout: Duration = .seconds(60), pollInterval: Duration = .milliseconds(20)) {
        self.path = home.flatMap { $0.isEmpty ? nil : Self.path(home: $0) }
        self.clock = clock
        self.timeout = timeout
        self.pollInterval = pollInterval
    }

    public static func path(home: String) -> String {
        "\(home)/Library/Keychains/.nightshift-search-list.lock"
    }

    public func withLock<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        let lock = try await acquire()
        // The lock is released when `lock` goes away: keep it alive until `body` is done.
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    /// flock(2) has no timed wait, so the lock is tried without blocking until `timeout` runs
    /// out; a holder that dies (even `kill -9`) releases it at once.
    private func acquire() async throws -> FileLock {
        guard let path else { throw SigningError.missingSetting("HOME") }
        let deadline = clock.now.addingTimeInterval(timeout.seconds)
        while true {
            do {
                return try FileLock(path: path)
            } catch {
                switch error {
                case .cannotOpen(let path, let reason):
                    throw SigningError.searchListLockUnavailable(path: path, reason: reason)
                case .notALockFile(let path):
                    throw SigningError.searchListLockUnavailable(path: path, reason: "it holds something other than a nightshift lock")
                case .held(let path, let pid):
                    guard clock.now < deadline else { throw SigningError.searchListLockTimedOut(path: path, pid: pid, waited: timeout) }
                    try await clock.sleep(for: pollInterval)
                }
            }
        }
    }
}
