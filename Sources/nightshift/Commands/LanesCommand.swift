import ArgumentParser
import NightshiftApp

struct LanesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lanes", abstract: "List the lanes with their description, configuration and schedule.",
        aliases: ["list"])

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        throw ExitCode(await ListLanes(global: global.app).execute(in: CompositionRoot.environment()))
    }
}
