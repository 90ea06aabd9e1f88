import Foundation
public import NightshiftCore
import NightshiftSchema
public import NightshiftSystem

/// A notice that is not a run's outcome (`appstore status LANE --notify`: what moved on the App
/// Store), told to every destination of the lane's `notify:`: their `on:` is about a run's
/// outcome, which a notice is not. Slack and Teams get the message lanes get, with `title` and
/// `facts`; a webhook gets `webhook()`. The capability that has something to tell says what;
/// this says it the way every notification is said.
extension LaneNotifier {
    public func notify(
        title: String, facts: [(label: String, value: String)], webhook: @escaping @Sendable () -> [String: Any], lane: String,
        targets: [NotificationTarget], environment: EnvironmentVariables, secrets: RunSecrets,
        log: @escaping @Sendable (String) async -> Void
    ) async -> [String] {
        let content = NotificationContent(title: title, facts: [("Lane", lane)] + facts)
        let sends = targets.compactMap { target -> (NotificationTarget, NotificationDestination, @Sendable () throws -> Data)? in
            guard let destination = target.destination else { return nil }
            return (
                target, destination,
                { try NotificationPayload.body(for: destination, content: content, webhook: webhook, secrets: secrets) }
            )
        }
        return await deliver(sends, lane: lane, attempts: policy.attempts, environment: environment, secrets: secrets, log: log)
    }
}
