import NightshiftCore
import Yams

extension LanesFileParser {
    /// The values `signing:` takes as a step.
    static let signingStepActions = ["sync"]

    /// `signing: sync`: the only action a lane runs (`plan`, `apply` and `check` are commands).
    func parseSigning(_ value: Node) -> StepKind? {
        guard let action = reader.string(value, "signing") else { return nil }
        guard action == "sync" else {
            bag.error(
                "'signing' as a step takes 'sync', not '\(action)'", at: reader.location(of: value),
                notes: ["'- signing: sync' makes the configuration's certificate and profiles on App Store Connect for the run"])
            return nil
        }
        return .signingSync
    }
}
