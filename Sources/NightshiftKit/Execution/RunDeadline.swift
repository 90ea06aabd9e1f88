import Foundation

/// A time limit over several steps: a lane's `timeout:`, or the `timeout:` of a `lane:` call.
/// Unlike a step's own timeout it does not restart with each step or attempt, and
/// `continue_on_error` does not excuse it: the limit is the lane's, not the step's.
struct RunDeadline: Sendable, Equatable {
    let at: Date
    /// Says whose limit ran out, e.g. "lane 'nightly' reached its timeout of 2h".
    let reason: String

    init(limit: Duration, startingAt start: Date, owner: String) {
        at = start.addingTimeInterval(limit.seconds)
        reason = "\(owner) reached its timeout of \(DurationParser.format(limit))"
    }

    func hasPassed(at now: Date) -> Bool { now >= at }
}
