import NightshiftCore
/// One argument of a `security -i` line. A password is carried as `.secret` from the moment the
/// command is written down, so what is printed masks it by what it is, not by its position in
/// the command (a position drifts when an option is added; that once printed a .p12 password).
enum SecurityArgument: Sendable, Hashable, ExpressibleByStringLiteral {
    case plain(String)
    case secret(Secret)

    init(stringLiteral value: String) {
        self = .plain(value)
    }

    /// What `security` reads.
    var value: String {
        switch self {
        case .plain(let text): text
        case .secret(let secret): secret.value
        }
    }

    /// What a log or an error message may show.
    var shown: String {
        switch self {
        case .plain(let text): text
        case .secret: Secret.mask
        }
    }
}
