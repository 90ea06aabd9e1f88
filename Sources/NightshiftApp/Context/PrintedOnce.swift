import Foundation

/// Whether a message was printed already, shared by every copy of the `CommandContext` that
/// holds it: a run reads its environment for its options, its preparation and its consoles, and
/// the `.env` notes belong on stderr once.
// @unchecked: `printed` is read and written under `lock` (NSLock: Synchronization's Mutex needs
// macOS 15).
final class PrintedOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var printed = false

    /// True the first time only.
    func claim() -> Bool {
        lock.withLock {
            defer { printed = true }
            return !printed
        }
    }
}
