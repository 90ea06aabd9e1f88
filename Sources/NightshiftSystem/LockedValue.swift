import Foundation

/// A value reachable only with its lock held: nightshift's one way to share mutable state
/// between threads and tasks without an actor (as swift-nio's `NIOLockedValueBox` and SwiftPM's
/// `ThreadSafeBox`). A class whose mutable state sits in one of these, and everything else in
/// `let`s of Sendable types, is `Sendable` as the compiler checks it: it needs no `@unchecked` of
/// its own. Synchronization's `Mutex` does the same but needs macOS 15; nightshift supports 13.
///
/// A struct holding a reference, so copies share the value (keep it in a `let`). The lock is not
/// recursive: `body` must not call `withLock` on the same box again.
public struct LockedValue<Value> {
    private final class Storage {
        let lock = NSLock()
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    public init(_ value: Value) {
        storage = Storage(value)
    }

    /// Runs `body` with the lock held, on the value to read or change, and returns what it
    /// returns; the lock is released however `body` ends.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.value)
    }
}

// @unchecked: the compiler cannot see that `storage.value` is only reached through `withLock`,
// under `storage.lock`; with that, a Sendable value may be shared by any number of threads.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
