public import NightshiftCore
/// `nightshift export jenkins`: Declarative Pipeline text for lanes of a lanes file. Each job runs
/// `nightshift run LANE`, so the steps stay in lanes.yml; what Jenkins itself must know (agent,
/// trigger, time limit, credentials) is derived from the file, secrets from `LaneRequirements`.
public struct JenkinsfileGenerator: Sendable {
    public init() {}

    /// `lanes` empty means every lane of the file, in file order.
    public func generate(
        _ file: LanesFile, lanes names: [String] = [], options: JenkinsExportOptions = JenkinsExportOptions()
    ) throws(ExportError) -> Export {
        let exportPlans = try ExportLanePlan.plans(for: names, in: file, lanesFilePath: options.lanesFilePath)
        let lanes = exportPlans.map(\.lane)
        let plans = exportPlans.map(JenkinsLanePlan.init)
        var warnings = JenkinsExportWarnings.lanesFile(options.lanesFilePath)
        warnings += exportPlans.flatMap(JenkinsExportWarnings.forLane) + exportPlans.flatMap(\.xcodeWarnings)
        switch options.layout {
        case .filePerLane:
            let files = plans.map {
                ExportedFile(
                    fileName: "Jenkinsfile.\($0.lane)", contents: JenkinsfileRenderer.perLane($0, lanesFilePath: options.lanesFilePath))
            }
            warnings += lanes.flatMap(JenkinsExportWarnings.seed)
            return Export(files: files, warnings: warnings)
        case .single:
            let trigger = JenkinsExportWarnings.sharedTrigger(of: lanes)
            warnings += trigger.warnings
            let contents = JenkinsfileRenderer.single(plans, trigger: trigger.trigger, lanesFilePath: options.lanesFilePath)
            return Export(files: [ExportedFile(fileName: "Jenkinsfile", contents: contents)], warnings: warnings)
        }
    }
}
