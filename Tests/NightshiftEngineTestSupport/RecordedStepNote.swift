import Foundation
public import NightshiftEngine

/// A step's journal note kept across runs, as the run journal keeps it across `--resume`:
/// `notes` hands each run what the last one recorded. Shared by the TestFlight upload's tests
/// (which write the note) and the release step's (which read it).
public final class RecordedStepNote: @unchecked Sendable {
    private let lock = NSLock()
    private var note: [String: String]?

    public init() {}

    public var recorded: [String: String]? { lock.withLock { note } }

    public var notes: StepJournalNotes {
        StepJournalNotes(earlier: recorded) { [self] values in lock.withLock { note = values } }
    }
}
