import NightshiftApple
import ArgumentParser
import NightshiftSystem

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
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        let report = try await root.profilesReport(for: file)
        root.output.out(report.text)
        if report.hasProblems { throw ExitCode(ExitStatus.stepFailed) }
    }
}
