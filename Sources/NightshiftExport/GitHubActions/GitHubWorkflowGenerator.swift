public import NightshiftCore

/// `nightshift export github-actions`: one workflow per lane (`nightshift-<lane>.yml`, for
/// `.github/workflows/`), each running `nightshift run LANE` on a self-hosted Mac, from the same
/// lane plans as the Jenkins export: the steps stay in lanes.yml; what GitHub must know (runner
/// labels, schedule, inputs, concurrency, secrets and variables, time limit) comes from the file.
public struct GitHubWorkflowGenerator: Sendable {
    public init() {}

    /// Where `--output` points when not given.
    public static let defaultOutputDirectory = ".github/workflows"

    /// `lanes` empty means every lane of the file, in file order. `buildsNightshift`: the
    /// repository's Package.swift has the nightshift product, which a lane without `setup:` builds;
    /// when it has not, such a lane gets a warning.
    public func generate(
        _ file: LanesFile, lanes names: [String] = [], lanesFilePath: String = ExportedLanesFile.defaultPath,
        buildsNightshift: Bool = true
    ) throws(ExportError) -> Export {
        let selected = try ExportLanePlan.plans(for: names, in: file, lanesFilePath: lanesFilePath)
        // Groups from every lane, so lanes exported apart still share the groups they must.
        let groups = LockGroups(try ExportLanePlan.plans(for: [], in: file, lanesFilePath: lanesFilePath))
        var warnings = ExportWarnings.lanesFile(lanesFilePath)
        var files: [ExportedFile] = []
        for plan in selected {
            // GitHub evaluates `${{` in run: and name: alike, and has no escape for it.
            if plan.name.contains("${{") {
                throw .notExportable(
                    lane: plan.name, engine: "GitHub Actions", reason: "GitHub would read its '${{' as an expression; rename it",
                    location: plan.lane.location)
            }
            let workflow = GitHubWorkflow(plan, lockGroup: groups.group(of: plan))
            warnings += workflow.warnings + plan.githubXcodeWarnings
            if !buildsNightshift, plan.lane.github.setup == nil, plan.lane.github.install == nil {
                warnings.append(GitHubInstallStep.warning(for: plan))
            }
            files.append(ExportedFile(fileName: "nightshift-\(plan.name).yml", contents: workflow.text))
        }
        return Export(files: files, warnings: warnings)
    }
}
