/// Serialises every read-modify-write of the user's keychain search list and default keychain.
/// There is one search list per user, and `security list-keychains -d user -s …` replaces it
/// whole: two signing lanes of one user (`nightshift schedule` firing two lanes together, a Jenkins
/// agent with two executors) that read it, then write it, would each drop the other's keychain.
public protocol SearchListLock: Sendable {
    /// Runs `body` while holding the lock, across processes; throws `SigningError` when the lock
    /// cannot be had.
    func withLock<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result
}

/// For `--dry-run`, whose `security` commands are only printed: there is nothing to serialise,
/// and a dry run must not create or wait for a lock file.
public struct UnlockedSearchList: SearchListLock {
    public init() {}

    public func withLock<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await body()
    }
}
