import Foundation
import NightshiftCore
import NightshiftSchema

/// The bytes posted to one destination, every string masked before it is encoded and the encoded
/// JSON masked again: a secret in a step's message, a test's name or a detail leaves nightshift
/// as `********` in any encoding `SecretMasker` knows (plain, JSON-escaped, percent-encoded,
/// base64, XML-escaped).
enum NotificationPayload {
    static func body(
        for destination: NotificationDestination, content: NotificationContent, summary: LaneRunSummary, event: NotificationEvent,
        secrets: RunSecrets
    ) throws -> Data {
        try body(
            for: destination, content: content,
            webhook: { try JSONSerialization.jsonObject(with: WebhookSummary(summary, event: event).render()) }, secrets: secrets)
    }

    /// `webhook`: what `to: webhook` is sent, as JSON objects.
    static func body(
        for destination: NotificationDestination, content: NotificationContent, webhook: () throws -> Any, secrets: RunSecrets
    ) throws -> Data {
        let masker = secrets.masker
        let object: Any =
            switch destination {
            case .slack: SlackMessage.payload(content.masked(by: masker))
            case .teams: TeamsMessage.payload(content.masked(by: masker))
            case .webhook: try webhook()
            }
        let data = try JSONSerialization.data(
            withJSONObject: masked(object, by: masker), options: [.sortedKeys, .withoutEscapingSlashes])
        return Data(masker.mask(Array(data)))
    }

    /// `value` with every string in it, keys included, masked.
    static func masked(_ value: Any, by masker: SecretMasker) -> Any {
        switch value {
        case let text as String: masker.mask(text)
        case let array as [Any]: array.map { masked($0, by: masker) }
        case let object as [String: Any]:
            Dictionary(object.map { (masker.mask($0.key), masked($0.value, by: masker)) }, uniquingKeysWith: { first, _ in first })
        default: value
        }
    }
}
