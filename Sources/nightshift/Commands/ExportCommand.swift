import ArgumentParser
import NightshiftApp
import NightshiftExport

/// `nightshift export …`: configuration for other CI systems, generated from lanes.yml.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write another CI system's configuration for the lanes.",
        subcommands: [JenkinsExportCommand.self, GitHubActionsExportCommand.self, BuildkiteExportCommand.self])
}

struct JenkinsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jenkins",
        abstract: "Write a Declarative Pipeline Jenkinsfile per lane (or one for all with --single).",
        discussion: """
            Each Jenkinsfile runs `nightshift run LANE`: the steps stay in lanes.yml. Name the \
            Pipeline job like the lane (or its seed:), so Jenkins' H picks the times nightshift does.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lanes to export (default: every lane).")
    var lanes: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write into.", valueName: "dir"))
    var output: String = JenkinsExportOptions.defaultOutputDirectory

    @Flag(help: "Write one Jenkinsfile running the lanes as consecutive stages.")
    var single = false

    func run() async throws {
        let command = ExportJenkins(global: global.app, lanes: lanes, output: output, single: single)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}

struct GitHubActionsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "github-actions",
        abstract: "Write a GitHub Actions workflow per lane, for self-hosted Mac runners.",
        discussion: """
            Each workflow runs `nightshift run LANE`: the steps stay in lanes.yml. Schedules are \
            written with H drawn as `nightshift schedule` draws it.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lanes to export (default: every lane).")
    var lanes: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The folder to write into (default: .github/workflows in the repository's root, the nearest folder up holding .git).",
            valueName: "dir"))
    var output: String?

    func run() async throws {
        let command = ExportGitHubActions(global: global.app, lanes: lanes, output: output)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}

struct BuildkiteExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buildkite",
        abstract: "Write a Buildkite pipeline.yml with a step per lane.",
        discussion: """
            Each step runs `nightshift run LANE`: the steps stay in lanes.yml. Buildkite keeps \
            schedules in its UI: the file's comments give each lane's cron line to paste.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lanes to export (default: every lane).")
    var lanes: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write into.", valueName: "dir"))
    var output: String = BuildkitePipelineGenerator.defaultOutputDirectory

    func run() async throws {
        let command = ExportBuildkite(global: global.app, lanes: lanes, output: output)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
