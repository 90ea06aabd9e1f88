import NightshiftCore
public import NightshiftExport

/// `nightshift export github-actions`: a workflow per lane, for `.github/workflows/`.
public struct ExportGitHubActions: LanesFileCommand {
    public var global: LanesFileOptions
    public var lanes: [String]
    /// The folder to write into, as given.
    public var output: String

    public init(global: LanesFileOptions, lanes: [String] = [], output: String = GitHubWorkflowGenerator.defaultOutputDirectory) {
        self.global = global
        self.lanes = lanes
        self.output = output
    }

    /// 0; 2 for a bad lanes file or an unknown lane; 1 when the files cannot be written.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let export = try GitHubWorkflowGenerator().generate(file, lanes: lanes, lanesFilePath: try context.exportedLanesFilePath)
        return try context.write(export, into: output)
    }
}

/// `nightshift export buildkite`: one `pipeline.yml`, for `.buildkite/`.
public struct ExportBuildkite: LanesFileCommand {
    public var global: LanesFileOptions
    public var lanes: [String]
    /// The folder to write into, as given.
    public var output: String

    public init(global: LanesFileOptions, lanes: [String] = [], output: String = BuildkitePipelineGenerator.defaultOutputDirectory) {
        self.global = global
        self.lanes = lanes
        self.output = output
    }

    /// 0; 2 for a bad lanes file or an unknown lane; 1 when the file cannot be written.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let export = try BuildkitePipelineGenerator().generate(file, lanes: lanes, lanesFilePath: try context.exportedLanesFilePath)
        return try context.write(export, into: output)
    }
}
