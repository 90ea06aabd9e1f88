import NightshiftCore
import NightshiftSchema
import Yams

/// `notify:` on a lane or the whole file: a list of `{ to:, webhook: (or url:), on: }`. Every
/// value written out is checked here, where its node says where it stands; a URL read from
/// variables is checked when the run expands it.
extension LanesFileParser {
    static let notifyKeys = LanesKeys.notification.names

    func parseNotify(_ node: Node, context: String) -> [NotificationTarget] {
        guard case .sequence(let items) = node else {
            bag.error(
                "\(context) must be a list of '{ to: …, webhook: …, on: […] }', found \(reader.kind(of: node))",
                at: reader.location(of: node))
            return []
        }
        return items.compactMap { parseNotification($0, context: context) }
    }

    private func parseNotification(_ node: Node, context: String) -> NotificationTarget? {
        guard let pairs = reader.mapping(node, in: "each entry of \(context)", known: Self.notifyKeys) else { return nil }
        var destination: NotificationDestination?
        var urls: [(key: String, template: Template, node: Node)] = []
        var events: [String]?
        var sawTo = false
        for (key, _, value) in pairs {
            switch key {
            case "to":
                sawTo = true
                destination = parseNotificationDestination(value, context: context)
            case "webhook", "url":
                if let template = reader.template(value, "\(context).\(key)") { urls.append((key, template, value)) }
            case "on":
                events = parseNotificationEvents(value, context: context)
            default:
                break
            }
        }
        if !sawTo {
            bag.error("an entry of \(context) needs 'to:' (one of \(NotificationDestination.listed))", at: reader.location(of: node))
        }
        guard urls.count <= 1 else {
            bag.error("an entry of \(context) takes 'webhook:' or 'url:', not both", at: reader.location(of: urls[1].node))
            return nil
        }
        guard let url = urls.first else {
            if sawTo { bag.error("an entry of \(context) needs 'webhook:' (or 'url:'): where to post", at: reader.location(of: node)) }
            return nil
        }
        // Never quoted: the URL is a credential.
        if url.template.references.isEmpty, NotificationURL.parse(url.template.raw) == nil {
            bag.error("\(context).\(url.key) is not an http(s) URL", at: reader.location(of: url.node))
        }
        guard let destination else { return nil }
        return NotificationTarget(
            destinationName: destination.rawValue, url: url.template,
            eventNames: events ?? NotificationEvent.defaults.map(\.rawValue), location: reader.location(of: node))
    }

    private func parseNotificationDestination(_ node: Node, context: String) -> NotificationDestination? {
        guard let name = reader.string(node, "\(context).to") else { return nil }
        guard let destination = NotificationDestination(rawValue: name) else {
            bag.error(
                "unknown notification destination '\(name)'", at: reader.location(of: node),
                notes: Suggestion.note(for: name, among: NotificationDestination.allCases.map(\.rawValue))
                    + ["destinations: \(NotificationDestination.listed)"])
            return nil
        }
        return destination
    }

    /// nil after an error (reported: the file does not load).
    private func parseNotificationEvents(_ node: Node, context: String) -> [String]? {
        guard let items = reader.stringList(node, "\(context).on") else { return nil }
        guard !items.isEmpty else {
            bag.error("\(context).on names no event (one or more of \(NotificationEvent.listed))", at: reader.location(of: node))
            return nil
        }
        var valid = true
        for (name, item) in items where NotificationEvent(rawValue: name) == nil {
            valid = false
            bag.error(
                "unknown notification event '\(name)'", at: reader.location(of: item),
                notes: Suggestion.note(for: name, among: NotificationEvent.allCases.map(\.rawValue)) + [
                    "events: \(NotificationEvent.listed)"
                ])
        }
        return valid ? items.map(\.0) : nil
    }
}
