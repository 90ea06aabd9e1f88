import Foundation
import NightshiftCore
import NightshiftSystem

/// Polls a submission every `poll` on the lane's clock until Apple decides or `waitTimeout` runs
/// out, then fetches its log, which Apple serves only once the submission is finished (404 until
/// then: asked again at the next poll). A poll that loses the connection (after the transport's
/// own retries) is tried again at the next one; `mostLostPolls` in a row mean the service is gone
/// for good. Whatever ends the wait early names the submission and the command that checks it.
///
/// Once Apple has decided, the verdict is the outcome: a log that cannot be fetched (an error
/// `mostLogFailures` polls running, or still absent when the wait runs out) leaves the verdict
/// standing with `logProblem` to warn of, so an accepted file is still stapled and recorded.
struct NotaryWait {
    /// How one status check and one log fetch are made: the REST API, or `notarytool info`/`log`.
    var status: @Sendable (String) async throws -> NotaryStatus?
    var developerLog: @Sendable (String) async throws -> NotaryLog?
    var clock: any WallClock
    var poll: Duration
    var waitTimeout: Duration
    var log: @Sendable (String) async -> Void
    /// `xcrun notarytool info <id> …`, for the messages that hand the wait over to a person.
    var manualCheck: (String) -> String

    static let mostLostPolls = 8
    static let mostLogFailures = 3

    struct Verdict {
        var status: NotaryStatus
        var log: NotaryLog?
        /// Why there is no log, when it could not be fetched.
        var logProblem: String?
    }

    func verdict(of id: String) async throws -> Verdict {
        let deadline = clock.now.addingTimeInterval(waitTimeout.seconds)
        var lost = 0
        var lastSeen: NotaryStatus?
        var decided: NotaryStatus?
        var logFailures = 0
        var logProblem: String?
        while true {
            if let decided {
                do {
                    if let fetched = try await developerLog(id) { return Verdict(status: decided, log: fetched) }
                    logProblem = "Apple had no log for submission \(id) yet"
                } catch let error as NotaryError {
                    logFailures += 1
                    logProblem = error.message
                    guard logFailures < Self.mostLogFailures else { return Verdict(status: decided, log: nil, logProblem: error.message) }
                    await log("could not fetch the notary log (\(error.message)); asking again in \(DurationFormatting.exact(poll))")
                }
            } else {
                do {
                    guard let status = try await status(id) else {
                        throw NotaryError("Apple's notary service knows no submission \(id)", reason: .uploadRejected)
                    }
                    if status != lastSeen { await log("submission \(id): \(status)") }
                    lastSeen = status
                    lost = 0
                    // Its log is asked for at once.
                    if status.isFinished {
                        decided = status
                        continue
                    }
                } catch let error as NotaryError where error.lostConnection {
                    lost += 1
                    guard lost < Self.mostLostPolls else {
                        throw NotaryError(
                            "lost the connection to Apple's notary service \(lost) polls in a row (\(error.message)); "
                                + "submission \(id) goes on without nightshift: check it with \(manualCheck(id))",
                            reason: .notarizationUnfinished)
                    }
                    await log(
                        "could not reach Apple's notary service (\(error.message)); asking again in \(DurationFormatting.exact(poll))")
                } catch var error as NotaryError {
                    // Whatever else ends the wait, the person is told which submission to look at.
                    error.message += "; submission \(id): check it with \(manualCheck(id))"
                    throw error
                }
            }
            let wake = clock.now.addingTimeInterval(poll.seconds)
            guard wake <= deadline else {
                if let decided {
                    let why = logProblem ?? "Apple had no log for submission \(id) yet"
                    return Verdict(
                        status: decided, log: nil, logProblem: "\(why), after \(DurationFormatting.exact(waitTimeout)) ('wait_timeout:')")
                }
                throw NotaryError(
                    "gave up waiting after \(DurationFormatting.exact(waitTimeout)) ('wait_timeout:'): submission \(id) is still "
                        + "\(lastSeen ?? .inProgress); check it with \(manualCheck(id)); running the lane again waits on the same submission",
                    reason: .notarizationUnfinished)
            }
            try await clock.sleep(until: wake)
        }
    }
}
