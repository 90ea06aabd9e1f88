/// One entry of `notify:`, on a lane or the whole file:
/// `- { to: slack, webhook: "${SLACK_WEBHOOK_URL}", on: [failure, fixed] }`. Kept as written, as
/// `UploadTarget` is: which destinations and events exist is NightshiftSchema's to say
/// (`NotificationDestination`, `NotificationEvent`), and the loader has checked both.
public struct NotificationTarget: Sendable, Hashable {
    /// `to:` as written.
    public var destinationName: String
    /// `webhook:` (or `url:`): where the message is posted. A Slack or Teams webhook URL lets anyone
    /// who has it post to the channel, so it is a secret whatever its variable is called
    /// (`LanesFile.secretPolicy`).
    public var url: Template
    /// `on:` as written, in order; the default when it was left out.
    public var eventNames: [String]
    public var location: SourceLocation?

    public init(destinationName: String, url: Template, eventNames: [String], location: SourceLocation? = nil) {
        self.destinationName = destinationName
        self.url = url
        self.eventNames = eventNames
        self.location = location
    }
}

extension LanesFile {
    /// Whom a run of `lane` tells: its own `notify:` when it has one (an empty list silences it),
    /// else the file's. A lane reached through a `lane:` step tells no one itself: its steps are
    /// part of its caller's result.
    public func notifications(for lane: Lane) -> [NotificationTarget] {
        lane.notify ?? notify
    }

    /// Every `notify:` URL of the file, the lanes' and its own: secret settings.
    var notificationURLs: [Template] {
        (notify + lanes.flatMap { $0.notify ?? [] }).map(\.url)
    }
}
