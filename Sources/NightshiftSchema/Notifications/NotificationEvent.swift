/// `on:` of a `notify:` entry: which outcomes of a lane are told.
public enum NotificationEvent: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// The lane failed.
    case failure
    /// The lane passed and its previous run (in the run history) had failed: the first success
    /// after a failure.
    case fixed
    /// The lane passed (a fixed one too).
    case success
    /// Whatever the outcome, an interrupted run included.
    case always

    public var description: String { rawValue }

    public static let listed = allCases.map(\.rawValue).joined(separator: ", ")

    /// When `on:` is left out: what a team wants to hear without being told of every green night.
    public static let defaults: [NotificationEvent] = [.failure, .fixed]
}
