import ArgumentParser
import NightshiftApp

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the lanes file and every reference in it (exit 0 or 2).",
        discussion: """
            With LANE, also what 'run LANE' checks before its first step without the machine: \
            every variable the lane (and each lane it calls) reads is set, named as run names it \
            (never its value), exit 2 as run's.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A lane whose variables to check as 'run' would (default: the file only).")
    var lane: String?

    func run() async throws {
        throw ExitCode(await ValidateLanes(global: global.app, lane: lane).execute(in: CompositionRoot.environment()))
    }
}
