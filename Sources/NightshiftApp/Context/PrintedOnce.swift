import NightshiftSystem

/// Whether a message was printed already, shared by every copy of the `CommandContext` that
/// holds it: a run reads its environment for its options, its preparation and its consoles, and
/// the `.env` notes belong on stderr once.
final class PrintedOnce: Sendable {
    private let printed = LockedValue(false)

    /// True the first time only.
    func claim() -> Bool {
        printed.withLock { printed in
            defer { printed = true }
            return !printed
        }
    }
}
