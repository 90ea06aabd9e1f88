import NightshiftCore
import NightshiftLanes
import NightshiftSystem
/// Checks made before a lane's first step: everything it needs is there and can be performed.
struct RunPreparation {
    let file: LanesFile
    let environment: EnvironmentVariables
    let ci: CIEnvironment
    let performers: StepPerformers
    let xcodeInstalls: (any XcodeInstalls)?
    /// The lanes file's folder, against which a relative `xcode:` path is read.
    let lanesFolder: String

    /// Returns the Xcode each `xcode:` the lane reaches stands for.
    @discardableResult
    func check(_ lane: Lane) throws(RunPreparationError) -> XcodeSelections {
        let graph = LaneCallGraph(file: file)
        var problems = LanePreflight.variableProblems(of: lane, in: graph, environment: environment, ci: ci)
        var unavailable: Set<StepKeyword> = []
        graph.visitSteps(reachableFrom: lane) { walked in
            let step = walked.step
            let keyword = step.kind.keyword
            if keyword != .lane, performers[keyword] == nil, unavailable.insert(keyword).inserted {
                problems.append(.error("step kind '\(keyword)' is not available in this build of nightshift yet", at: step.location))
            }
        }
        problems += graph.configurationProblems(of: lane)
        // The loader checked the export methods written out; these come from the environment.
        problems += UploadedBuildCheck(file: file, graph: graph) { configuration in
            configuration.exportMethod.references.isEmpty ? nil : configuration.exportMethod.expand(in: environment)
        }.problems(running: [lane])
        let (xcodes, xcodeProblems) = XcodeSelections.choose(
            for: lane, in: graph, file: file, installs: xcodeInstalls, lanesFolder: lanesFolder, environment: environment)
        problems += xcodeProblems
        if !problems.isEmpty { throw RunPreparationError(problems) }
        return xcodes
    }
}
