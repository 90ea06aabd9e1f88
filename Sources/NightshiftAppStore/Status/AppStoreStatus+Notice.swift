import Foundation

/// `appstore status LANE --notify`: what is told of the changes since the last check. The App
/// hands it to Delivery's notifier, which says it as every notification is said.
extension AppStoreStatus {
    /// The message's title.
    public var noticeTitle: String { "\(bundleID) (\(platform)) on the App Store" }

    /// One fact a change: what moved, and from what to what.
    public static func noticeFacts(_ changes: [Change]) -> [(label: String, value: String)] {
        changes.map { ($0.subject, $0.transition) }
    }

    /// What `to: webhook` is sent: `{"event": "app_store_status", "lane", "app", "platform",
    /// "changes", "status"}`.
    public func webhook(_ changes: [Change], lane: String) -> [String: Any] {
        [
            "event": "app_store_status", "lane": lane, "app": bundleID, "platform": platform,
            "changes": changes.map { change -> [String: Any] in
                [
                    "subject": change.subject, "from": change.from.map { $0 as Any } ?? NSNull(),
                    "to": change.to.map { $0 as Any } ?? NSNull(),
                ]
            },
            "status": lines,
        ]
    }
}
