/// What a step wrote down while it ran, to be continued from if the run dies before the step
/// ends (a notarization's submission id, the file's SHA-256 and where it was uploaded): written
/// to `journal.json` at once, before the step does what it protects (the upload). Names and
/// digests only, masked field by field: never a credential.
public struct JournalNote: Codable, Sendable, Hashable {
    /// The step's number in the run (`JournalStep.number`).
    public var step: Int
    /// Its kind, so a note is never read by a step of another kind that took its number.
    public var kind: String
    public var values: [String: String]

    public init(step: Int, kind: String, values: [String: String]) {
        self.step = step
        self.kind = kind
        self.values = values
    }

    /// At most this many values, each at most this long: a note is a handful of ids.
    public static let mostValues = 32
    public static let longestValue = 4096
}
