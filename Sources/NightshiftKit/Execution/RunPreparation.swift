import NightshiftSystem
/// Checks made before a lane's first step: everything it needs is there and can be performed.
struct RunPreparation {
    let file: LanesFile
    let environment: EnvironmentVariables
    let performers: [String: any StepPerformer]

    func check(_ lane: Lane) throws(RunPreparationError) {
        var problems = LaneRequirements(lane, in: file).missingVariableDiagnostics(in: environment)
        var unavailable: Set<String> = []
        let graph = LaneCallGraph(file: file)
        graph.visitSteps(reachableFrom: lane) { step, _ in
            let keyword = step.kind.keyword
            if keyword != "lane", performers[keyword] == nil, unavailable.insert(keyword).inserted {
                problems.append(.error("step kind '\(keyword)' is not available in this build of nightshift yet", at: step.location))
            }
        }
        problems += Self.configurationProblems(of: lane, in: graph)
        // The loader checked the export methods written out; these come from the environment.
        problems += UploadedBuildCheck(file: file, graph: graph) { configuration in
            configuration.exportMethod.references.isEmpty ? nil : configuration.exportMethod.expand(in: environment)
        }.problems(running: [lane])
        if !problems.isEmpty { throw RunPreparationError(problems) }
    }

    /// Signing, build and export steps that would run with no configuration in force when
    /// `lane` is run by itself. Needs nothing but the file, so `validate` reports them too.
    static func configurationProblems(of lane: Lane, in graph: LaneCallGraph) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        graph.visitSteps(reachableFrom: lane) { step, configuration in
            if step.kind.needsSigning, configuration == nil {
                problems.append(.error(
                    "'\(step.kind.keyword)' in lane '\(lane.name)' needs a configuration; add 'configuration:' to the lane",
                    at: step.location))
            }
        }
        return problems
    }
}
