import ArgumentParser
import NightshiftApp

struct NextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next", abstract: "Show each scheduled lane's spec and its next firing times.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Lanes to show (default: every scheduled lane).")
    var lanes: [String] = []

    @Option(help: "How many firings to show per lane.")
    var count = 5

    @Option(help: ArgumentHelp("Start here instead of now.", valueName: "ISO8601"))
    var from: String?

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        let command = ShowNextFirings(global: global.app, lanes: lanes, count: count, from: from)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
