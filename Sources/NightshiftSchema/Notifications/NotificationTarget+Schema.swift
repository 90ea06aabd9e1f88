public import NightshiftCore

/// The model keeps `to:` and `on:` as written; what they name is the schema's to say.
extension NotificationTarget {
    /// nil when `to:` names none.
    public var destination: NotificationDestination? { NotificationDestination(rawValue: destinationName) }

    /// The events `on:` names that exist, in order, each once.
    public var events: [NotificationEvent] {
        var seen: Set<NotificationEvent> = []
        return eventNames.compactMap(NotificationEvent.init(rawValue:)).filter { seen.insert($0).inserted }
    }
}
