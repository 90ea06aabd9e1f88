/// Where `notify: - { to: … }` posts: the one spelling of each destination. Delivery builds the
/// message for each (`NotificationMessage`), so a new case makes the compiler stop there.
public enum NotificationDestination: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// A Slack incoming webhook: Block Kit.
    case slack
    /// A Teams Workflows webhook: an Adaptive Card in a message envelope.
    case teams
    /// Any URL: the JSON report's summary of the lane.
    case webhook

    public var description: String { rawValue }

    /// `slack, teams, webhook`, for notes that list them.
    public static let listed = allCases.map(\.rawValue).joined(separator: ", ")
}
