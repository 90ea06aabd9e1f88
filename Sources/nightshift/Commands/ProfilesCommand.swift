import ArgumentParser
import NightshiftApp

struct ProfilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "Show each configuration's provisioning profile and certificate, and how long they stay valid.",
        discussion: """
            Runs the checks 'run' makes before signing. Exits 1 when 'run' would refuse: a file missing or \
            unreadable, a profile or certificate expired, a profile for another app or without the \
            configuration's certificate. A profile expiring within 14 days is a warning (exit 0).
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        throw ExitCode(await ShowProfiles(global: global.app).execute(in: CompositionRoot.environment()))
    }
}
