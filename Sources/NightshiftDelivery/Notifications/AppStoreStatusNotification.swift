import Foundation
public import NightshiftCore
import NightshiftSchema
public import NightshiftSystem

/// `appstore status LANE --notify`: what moved on the App Store since the last check, told to
/// every destination of the lane's `notify:` (their `on:` is about a run's outcome, which a
/// status check is not). Slack and Teams get the message lanes get, its facts the changes; a
/// webhook gets `{"event": "app_store_status", "lane", "app", "platform", "changes", "status"}`.
extension LaneNotifier {
    public func notify(
        _ changes: [AppStoreStatus.Change], in status: AppStoreStatus, lane: String, targets: [NotificationTarget],
        environment: EnvironmentVariables, secrets: RunSecrets, log: @escaping @Sendable (String) async -> Void
    ) async -> [String] {
        guard !changes.isEmpty else { return [] }
        let content = NotificationContent(
            title: "\(status.bundleID) (\(status.platform)) on the App Store",
            facts: [("Lane", lane)] + changes.map { ($0.subject, $0.transition) })
        let sends = targets.compactMap { target -> (NotificationTarget, NotificationDestination, @Sendable () throws -> Data)? in
            guard let destination = target.destination else { return nil }
            return (
                target, destination,
                {
                    try NotificationPayload.body(
                        for: destination, content: content, webhook: { Self.webhook(changes, in: status, lane: lane) }, secrets: secrets)
                }
            )
        }
        return await deliver(sends, lane: lane, attempts: policy.attempts, environment: environment, secrets: secrets, log: log)
    }

    /// What `to: webhook` is sent for a status change.
    static func webhook(_ changes: [AppStoreStatus.Change], in status: AppStoreStatus, lane: String) -> [String: Any] {
        [
            "event": "app_store_status", "lane": lane, "app": status.bundleID, "platform": status.platform,
            "changes": changes.map { change -> [String: Any] in
                [
                    "subject": change.subject, "from": change.from.map { $0 as Any } ?? NSNull(),
                    "to": change.to.map { $0 as Any } ?? NSNull(),
                ]
            },
            "status": status.lines,
        ]
    }
}
