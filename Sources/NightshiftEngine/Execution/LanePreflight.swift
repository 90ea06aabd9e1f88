public import NightshiftCore
public import NightshiftLanes
public import NightshiftSystem

/// The parts of `run`'s checks before a lane's first step that need no machine: `validate LANE`
/// asks them too, so the two name an unknown lane and an unset variable in the same words.
public enum LanePreflight {
    /// The lane called `name`, or run's error naming the lanes there are.
    public static func lane(named name: String, in file: LanesFile) throws(RunPreparationError) -> Lane {
        guard let lane = file.lane(named: name) else {
            let names = file.lanes.map(\.name)
            throw RunPreparationError([
                .error(
                    "no lane named '\(name)'", at: nil,
                    notes: Suggestion.note(for: name, among: names) + ["lanes: \(names.joined(separator: ", "))"])
            ])
        }
        return lane
    }

    /// Each variable `lane` (and every lane it calls) reads that `environment` leaves unset or
    /// empty, by name only, and a CI build number an `archive:` needs (`ci`: the command's).
    public static func variableProblems(
        of lane: Lane, in graph: LaneCallGraph, environment: EnvironmentVariables, ci: CIEnvironment
    ) -> [Diagnostic] {
        LaneRequirements(lane, in: graph).missingVariableDiagnostics(in: environment)
            + CIBuildNumberCheck.problems(running: lane, in: graph, environment: environment, ci: ci)
    }
}
