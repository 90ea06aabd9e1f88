public import NightshiftCore
public import NightshiftSystem

/// `archive: { build_number: { from: env } }` without `variable:` reads the CI's own build
/// number (Jenkins' `BUILD_NUMBER`, GitHub's `GITHUB_RUN_NUMBER`, Buildkite's
/// `BUILDKITE_BUILD_NUMBER`). Outside CI none is set, and the archive would fail after every
/// step before it ran: a run checks it first, as it checks the variables `LaneRequirements`
/// names. Not a required variable itself: the CI sets it, so an export must not ask for it.
public enum CIBuildNumberCheck {
    /// The variables that can give the number, the engine's own first.
    public static let variables = ["BUILD_NUMBER", "GITHUB_RUN_NUMBER", "BUILDKITE_BUILD_NUMBER"]

    /// One error per such step `lane` reaches when neither `ci` nor `environment` gives a CI
    /// build number and no `env:` around the step sets one.
    public static func problems(
        running lane: Lane, in graph: LaneCallGraph, environment: EnvironmentVariables, ci: CIEnvironment
    ) -> [Diagnostic] {
        guard ci.buildNumber == nil, (environment["BUILD_NUMBER"] ?? "").isEmpty else { return [] }
        var problems: [Diagnostic] = []
        graph.visitSteps(reachableFrom: lane, revisits: .never) { walked in
            guard case .archive(let settings) = walked.step.kind, settings.buildNumber == .environment(variable: nil),
                walked.providedNames.isDisjoint(with: variables)
            else { return }
            problems.append(
                .error(
                    "none of the CI's build number variables \(variables.map { "'\($0)'" }.joined(separator: ", ")) is set "
                        + "(needed by archive.build_number { from: env } of step '\(walked.step.displayName)' of lane '\(walked.lane.name)')",
                    at: walked.step.location, notes: ["outside CI, name the variable that holds it: { from: env, variable: NAME }"]))
        }
        return problems
    }
}
