import Foundation
import NightshiftCore

/// A time limit over several steps: a lane's `timeout:`, or the `timeout:` of a `lane:` call.
/// Unlike a step's own timeout it does not restart with each step or attempt, and
/// `continue_on_error` does not excuse it: the limit is the lane's, not the step's.
struct RunDeadline: Sendable, Equatable {
    let at: Date
    /// Says whose limit ran out, e.g. "lane 'nightly' reached its timeout of 2h".
    let reason: String

    /// `setting` names the lanes.yml key that sets the limit, when it is not `timeout`.
    init(limit: Duration, startingAt start: Date, owner: String, setting: String = "timeout") {
        at = start.addingTimeInterval(limit.seconds)
        reason = "\(owner) reached its \(setting) of \(DurationFormatting.exact(limit))"
    }

    func hasPassed(at now: Date) -> Bool { now >= at }
}
