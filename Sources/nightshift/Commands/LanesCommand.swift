import ArgumentParser
import NightshiftReporting
import NightshiftSystem

struct LanesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lanes", abstract: "List the lanes with their description, configuration and schedule.",
        aliases: ["list"])

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        root.output.out(LaneListing(file: file).render())
    }
}
