import ArgumentParser
import NightshiftApp

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the lanes file and every reference in it (exit 0 or 2).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        throw ExitCode(await ValidateLanes(global: global.app).execute(in: CompositionRoot.environment()))
    }
}
