import ArgumentParser
import NightshiftApp

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a lanes.yml for the Xcode project in this folder.",
        discussion: """
            Reads the project through xcodebuild (-list -json, then -showBuildSettings -json per build \
            configuration) and writes lanes.yml with a staging and a production configuration (bundle \
            ids, team, export methods, a profile for every signed bundle) and the lanes 'test' and \
            'beta' (package and upload to TestFlight); .env.example naming every variable they read; \
            .nightshift/lanes.schema.json, which lanes.yml's first line names for editors; and \
            '.nightshift/' in .gitignore. Existing files are left alone unless --force. Exits 0, 1 when \
            the project cannot be read or a file exists, 2 for a usage error.
            """)

    @Option(help: ArgumentHelp("The .xcworkspace to read (default: the one in this folder).", valueName: "path"))
    var workspace: String?

    @Option(help: ArgumentHelp("The .xcodeproj to read (default: the one in this folder, when there is no workspace).", valueName: "path"))
    var project: String?

    @Option(help: ArgumentHelp("The app's scheme (default: the one shared scheme that builds an app).", valueName: "name"))
    var scheme: String?

    @Option(help: ArgumentHelp("Where to write the lanes file; '-' prints it and writes nothing else.", valueName: "file"))
    var output = "lanes.yml"

    @Flag(help: "Replace lanes.yml and .env.example when they exist.")
    var force = false

    func run() async throws {
        let command = InitLanes(workspace: workspace, project: project, scheme: scheme, output: output, force: force)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
