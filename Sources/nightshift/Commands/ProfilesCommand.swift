import ArgumentParser
import NightshiftKit

struct ProfilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "Show each configuration's provisioning profile and certificate, and how long they stay valid.",
        discussion: "Exits 1 when a file is missing, unreadable, expired or does not match its configuration.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let root = CompositionRoot(global: global)
        let file = try root.loadLanesFile()
        let report = try await root.profilesReport(for: file)
        root.output.out(report.text)
        if report.hasProblems { throw ExitCode(ExitStatus.stepFailed) }
    }
}
