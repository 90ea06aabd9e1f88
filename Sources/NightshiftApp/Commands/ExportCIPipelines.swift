import NightshiftCore
public import NightshiftExport
import NightshiftSystem

/// `nightshift export github-actions`: a workflow per lane, for `.github/workflows/`.
public struct ExportGitHubActions: LanesFileCommand {
    public var global: LanesFileOptions
    public var lanes: [String]
    /// The folder to write into, as given; nil for `.github/workflows` in the repository's root
    /// (the nearest folder up holding `.git`), the only place GitHub reads workflows from.
    public var output: String?

    public init(global: LanesFileOptions, lanes: [String] = [], output: String? = nil) {
        self.global = global
        self.lanes = lanes
        self.output = output
    }

    public var pathOptions: [(option: String, path: String?)] { [("--file", global.file), ("--output", output)] }

    /// 0; 2 for a bad lanes file or an unknown lane; 1 when the files cannot be written.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let export = try GitHubWorkflowGenerator().generate(
            file, lanes: lanes, lanesFilePath: try context.exportedLanesFilePath, buildsNightshift: buildsNightshift(context))
        return try context.write(export, into: output ?? defaultOutput(context))
    }

    /// The repository's Package.swift declares the nightshift executable: a job without
    /// `setup:` builds it from there (nightshift's own repository); an app's has none.
    private func buildsNightshift(_ context: CommandContext) -> Bool {
        guard case .bytes(let data) = context.environment.files.contents(of: context.repositoryRoot.appending("Package.swift")) else {
            return false
        }
        return String(decoding: data, as: UTF8.self).contains(#".executable(name: "nightshift""#)
    }

    /// `.github/workflows` as given when the repository's root is the current folder, else its full path.
    private func defaultOutput(_ context: CommandContext) -> String {
        let root = context.repositoryRoot
        let folder = GitHubWorkflowGenerator.defaultOutputDirectory
        return root == context.currentDirectory.standardized ? folder : root.appending(folder).string
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

    public var pathOptions: [(option: String, path: String?)] { [("--file", global.file), ("--output", output)] }

    /// 0; 2 for a bad lanes file or an unknown lane; 1 when the file cannot be written.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let export = try BuildkitePipelineGenerator().generate(file, lanes: lanes, lanesFilePath: try context.exportedLanesFilePath)
        return try context.write(export, into: output)
    }
}
