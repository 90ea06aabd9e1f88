import NightshiftCore
import ArgumentParser
import NightshiftApple
import NightshiftJenkins
import NightshiftSystem

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
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        let options = JenkinsExportOptions(
            layout: single ? .single : .filePerLane,
            lanesFilePath: JenkinsExportOptions.lanesFilePath(
                global.file, currentDirectory: root.currentDirectory, root: root.repositoryRoot))
        let export: JenkinsExport
        do {
            export = try JenkinsfileGenerator().generate(file, lanes: lanes, options: options)
        } catch {
            root.output.err(root.diagnosticPrinter.render([error.diagnostic]))
            throw ExitCode(ExitStatus.usage)
        }
        if !export.warnings.isEmpty { root.output.err(root.diagnosticPrinter.render(export.warnings)) }
        do {
            try JenkinsfileWriter().write(export.files, into: output)
        } catch {
            root.output.err("error: \(error)\n")
            throw ExitCode(ExitStatus.cannotWrite)
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        root.output.out(export.files.map { "wrote \(folder)\($0.fileName)\n" }.joined())
    }
}
