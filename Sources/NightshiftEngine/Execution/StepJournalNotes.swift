/// A performer's way into the run journal while its step runs: `earlier` is what an earlier
/// attempt of this run wrote for the same step (for `--resume`), `earlierSteps` what the steps
/// before it wrote (in this attempt or an earlier one), `record` writes this attempt's note
/// durably before returning. Without a journal (a dry run, a runner built in code), there is no
/// earlier note and recording does nothing.
public struct StepJournalNotes: Sendable {
    public var earlier: [String: String]?
    /// In run order, oldest first.
    public var earlierSteps: [JournalNote]
    private let store: @Sendable ([String: String]) async -> Void

    public init(
        earlier: [String: String]?, earlierSteps: [JournalNote] = [], record: @escaping @Sendable ([String: String]) async -> Void
    ) {
        self.earlier = earlier
        self.earlierSteps = earlierSteps
        self.store = record
    }

    public static let none = StepJournalNotes(earlier: nil, record: { _ in })

    /// Replaces the step's note in the journal and writes the journal before returning.
    public func record(_ values: [String: String]) async { await store(values) }
}
