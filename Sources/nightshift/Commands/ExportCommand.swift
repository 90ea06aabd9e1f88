import ArgumentParser
import NightshiftApp
import NightshiftExport

/// `nightshift export …`: configuration for other CI systems, generated from lanes.yml.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write another CI system's configuration for the lanes.",
        subcommands: [JenkinsExportCommand.self])
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
