import ArgumentParser
import NightshiftApp

struct LanesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lanes", abstract: "List the lanes with their description, configuration and schedule.",
        aliases: ["list"])

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A lane whose options to show, with their types, defaults and descriptions.")
    var lane: String?

    func run() async throws {
        throw ExitCode(await ListLanes(global: global.app, lane: lane).execute(in: CompositionRoot.environment()))
    }
}
