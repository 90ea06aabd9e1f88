public import NightshiftCore
import NightshiftLanes
/// `nightshift export jenkins`: Declarative Pipeline text for lanes of a lanes file. Each job runs
/// `nightshift run LANE`, so the steps stay in lanes.yml; what Jenkins itself must know (agent,
/// trigger, time limit, credentials) is derived from the file, secrets from `LaneRequirements`.
public struct JenkinsfileGenerator: Sendable {
    public init() {}

    /// `lanes` empty means every lane of the file, in file order.
    public func generate(
        _ file: LanesFile, lanes names: [String] = [], options: JenkinsExportOptions = JenkinsExportOptions()
    ) throws(JenkinsExportError) -> JenkinsExport {
        let lanes = try select(names, from: file)
        let graph = LaneCallGraph(file: file)
        let plans = lanes.map { lane in
            JenkinsLanePlan(
                lane: lane, requirements: LaneRequirements(lane, in: graph),
                policy: file.secretPolicy, lanesFilePath: options.lanesFilePath, graph: graph
            )
        }
        var warnings = JenkinsExportWarnings.lanesFile(options.lanesFilePath)
        warnings += lanes.flatMap { JenkinsExportWarnings.forLane($0, in: file) }
        switch options.layout {
        case .filePerLane:
            let files = plans.map {
                GeneratedJenkinsfile(
                    fileName: "Jenkinsfile.\($0.lane)", contents: JenkinsfileRenderer.perLane($0, lanesFilePath: options.lanesFilePath))
            }
            warnings += lanes.flatMap(JenkinsExportWarnings.seed)
            return JenkinsExport(files: files, warnings: warnings)
        case .single:
            let trigger = JenkinsExportWarnings.sharedTrigger(of: lanes)
            warnings += trigger.warnings
            let contents = JenkinsfileRenderer.single(plans, trigger: trigger.trigger, lanesFilePath: options.lanesFilePath)
            return JenkinsExport(files: [GeneratedJenkinsfile(fileName: "Jenkinsfile", contents: contents)], warnings: warnings)
        }
    }

    private func select(_ names: [String], from file: LanesFile) throws(JenkinsExportError) -> [Lane] {
        guard !names.isEmpty else {
            guard !file.lanes.isEmpty else { throw .noLanes }
            return file.lanes
        }
        var lanes: [Lane] = []
        for name in names where !lanes.contains(where: { $0.name == name }) {
            guard let lane = file.lane(named: name) else { throw .unknownLane(name, known: file.lanes.map(\.name)) }
            lanes.append(lane)
        }
        return lanes
    }
}
