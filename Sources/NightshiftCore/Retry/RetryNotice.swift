/// The one wording of a retry: `GET https://…: HTTP 503; retrying in 2.0s (attempt 2 of 5)`,
/// `retrying 'Build' (attempt 2 of 3)`. Each part but the count is left out when not given.
public struct RetryNotice: Sendable, Hashable, CustomStringConvertible {
    /// Why the last attempt failed, as the thing that failed words it.
    public var reason: String?
    /// What is retried, when the line does not otherwise say (a step's quoted name).
    public var subject: String?
    /// The wait before the next attempt, when the line shows it.
    public var wait: Duration?
    /// The attempt about to start (2 for the first retry) and the number in all.
    public var attempt: Int
    public var attempts: Int

    public var description: String {
        (reason.map { "\($0); " } ?? "") + "retrying" + (subject.map { " \($0)" } ?? "")
            + (wait.map { " in \(DurationFormatting.wait($0))" } ?? "") + " (attempt \(attempt) of \(attempts))"
    }
}
