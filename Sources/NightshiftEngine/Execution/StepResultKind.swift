public import NightshiftCore

/// What a reported step was: a step of the lane, or one nightshift ran around the lane's steps.
public enum StepResultKind: Sendable, Hashable, CustomStringConvertible {
    case step(StepKeyword)
    /// The checks one step kind makes, for one configuration, before the lane's first step.
    case preflight
    /// An action undoing what a step set up (a keychain, the search list).
    case cleanup

    /// As reports write it: the step's keyword, `preflight` or `cleanup`.
    public var description: String {
        switch self {
        case .step(let keyword): keyword.rawValue
        case .preflight: "preflight"
        case .cleanup: "cleanup"
        }
    }
}
