public import NightshiftCore

/// Everything that can go wrong talking to App Store Connect's API (or the Notary API on the same
/// key), as one type: its `message` is masked with the run's secrets when it is made, so each
/// caller may print it, wrap it, or add its own advice, and never shows a key or a token.
public struct AppStoreConnectError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The .p8's path cannot be read.
        case unreadableKey
        /// The .p8 is not a P-256 key in PEM form.
        case unusableKey
        /// The API's base URL cannot take the request's path.
        case badEndpoint
        /// No answer came, after the retry policy's attempts.
        case unreachable
        /// Apple answered with an error status; `status` and `errors` say what.
        case refused
        /// A success whose body is not the document asked for.
        case unexpectedAnswer
        /// A list's `links.next` leaves the API's scheme, host or port: not followed, so the token
        /// never goes there.
        case foreignNextLink
        /// What was looked for is not there (an app of this bundle id).
        case notFound
        /// A list that did not end within the paginator's page limit.
        case endlessList
    }

    public var kind: Kind
    /// Apple's HTTP status, when an answer came.
    public var status: Int?
    /// Apple's error document (`errors[]`), each text masked; empty when there was none.
    public var errors: [AppleError]
    public var message: String

    public init(_ kind: Kind, _ message: String, status: Int? = nil, errors: [AppleError] = []) {
        self.kind = kind
        self.message = message
        self.status = status
        self.errors = errors
    }

    public var description: String { message }

    /// Apple's code for the first error (`ENTITY_ERROR`, `FORBIDDEN_ERROR`, …), when it gave one.
    public var code: String? { errors.first?.code }

    /// Worth another run later: no answer, a rate limit or Apple's own failure.
    public var isTransient: Bool {
        switch kind {
        case .unreachable: true
        case .refused: status.map { $0 == 429 || $0 >= 500 } ?? false
        case .unreadableKey, .unusableKey, .badEndpoint, .unexpectedAnswer, .foreignNextLink, .endlessList, .notFound: false
        }
    }

    /// The run's verdict for a step that fails on it.
    public var reason: FailureReason {
        switch kind {
        case .unreadableKey: .missingFile
        case .unusableKey, .badEndpoint: .invalidSetting
        case .unreachable: .uploadUnavailable
        case .refused: isTransient ? .uploadUnavailable : .uploadRejected
        case .unexpectedAnswer, .foreignNextLink, .endlessList, .notFound: .uploadRejected
        }
    }
}
