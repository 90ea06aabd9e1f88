/// `if:` on a step: a test on environment variables, evaluated when the step is reached.
/// `${BRANCH} == main`, `${BRANCH} != main`, `${DEPLOY}` (set and non-empty), `!${DEPLOY}`,
/// combined with `&&` and `||` (`&&` binds tighter).
public indirect enum Condition: Sendable, Hashable, CustomStringConvertible {
    case equals(Template, Template)
    case notEquals(Template, Template)
    /// True when the template expands to a non-empty string other than `false`/`0`.
    case truthy(Template)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    /// `resolve` expands a template with the step's environment (unset variables expand empty).
    public func evaluate(_ resolve: (Template) -> String) -> Bool {
        switch self {
        case .equals(let lhs, let rhs): resolve(lhs) == resolve(rhs)
        case .notEquals(let lhs, let rhs): resolve(lhs) != resolve(rhs)
        case .truthy(let value): !["", "false", "0"].contains(resolve(value))
        case .not(let inner): !inner.evaluate(resolve)
        case .and(let lhs, let rhs): lhs.evaluate(resolve) && rhs.evaluate(resolve)
        case .or(let lhs, let rhs): lhs.evaluate(resolve) || rhs.evaluate(resolve)
        }
    }

    public var description: String {
        switch self {
        case .equals(let lhs, let rhs): "\(lhs.raw) == \(rhs.raw)"
        case .notEquals(let lhs, let rhs): "\(lhs.raw) != \(rhs.raw)"
        case .truthy(let value): value.raw
        case .not(let inner): "!\(inner)"
        case .and(let lhs, let rhs): "\(lhs) && \(rhs)"
        case .or(let lhs, let rhs): "\(lhs) || \(rhs)"
        }
    }
}
