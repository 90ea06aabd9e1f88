import NightshiftCore
import NightshiftLanes

/// Which steps a Buildkite build runs. Every build of the pipeline (a push, New Build, the API, a
/// schedule) uploads the same pipeline.yml, so each step's `if:` picks its lane by the build's `LANE`
/// variable, whatever started the build: `LANE=qa-release` runs that lane's step alone. A build
/// without `LANE` (a push, New Build left empty) runs only the lanes that are harmless to run on
/// every push: no `schedule:` (a scheduled lane runs when its schedule says), no secrets (lanes.yml's
/// or a secret option: what reads them signs, uploads or deploys), no required option (the run would
/// stop for it) and no step, theirs or a called lane's, that signs, archives, exports or uploads.
/// `if:` is evaluated when the pipeline is uploaded, and `build.env()` reads the build's variables.
struct BuildkiteLaneSelection {
    /// Why the lane needs `LANE`; nil when a build without `LANE` runs it too.
    let reasonToAskByName: String?

    init(_ plan: ExportLanePlan, graph: LaneCallGraph) {
        reasonToAskByName = Self.reason(plan, graph: graph)
    }

    var runsWithoutLane: Bool { reasonToAskByName == nil }

    private static func reason(_ plan: ExportLanePlan, graph: LaneCallGraph) -> String? {
        if plan.schedule != nil { return "it has a schedule" }
        if !plan.secrets.isEmpty || plan.options.contains(where: \.isSecret) { return "it reads secrets" }
        if let option = plan.options.first(where: { $0.isRequired && $0.defaultValue == nil }) {
            return "its option '\(option.name)' is required"
        }
        var releasing: String?
        graph.visitSteps(reachableFrom: plan.lane, revisits: .never) { walked in
            guard releasing == nil else { return }
            if walked.step.kind.needsSigning { releasing = "it signs, archives or exports" }
            if case .upload = walked.step.kind { releasing = "it uploads" }
        }
        return releasing
    }

    /// The step's `if:` expression (its `$` not yet escaped for interpolation), or why the lane's
    /// name cannot be written in one: the expression language's strings are `"…"` or `'…'` and its
    /// documentation gives `\` no meaning, so a name with `\`, or with both quotes, is refused.
    func condition(for plan: ExportLanePlan) throws(ExportError) -> String {
        let name = plan.name
        let literal: String
        if name.contains("\\") || (name.contains("\"") && name.contains("'")) {
            throw .notExportable(
                lane: name, engine: "Buildkite",
                reason: "a Buildkite `if:` string cannot hold its name (a backslash, or both kinds of quotes); rename the lane",
                location: plan.lane.location)
        }
        literal = name.contains("\"") ? "'\(name)'" : "\"\(name)\""
        let named = "build.env(\"LANE\") == \(literal)"
        return runsWithoutLane ? "build.env(\"LANE\") == null || build.env(\"LANE\") == \"\" || \(named)" : named
    }
}
