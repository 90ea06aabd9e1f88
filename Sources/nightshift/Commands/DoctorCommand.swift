import ArgumentParser
import NightshiftApp

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check that this machine can run the lanes: a checklist with the fix for each problem.",
        discussion: """
            Checks, for LANE or every lane: each variable the lanes read is set (names only); the \
            signing files of each configuration they sign with are present, readable, matching and \
            not expiring within 30 days; the certificate's Apple intermediate (WWDR G3, Developer ID \
            G2) is current and installed; the keychain search list; free disk space. ✓ ready, ✗ a \
            lane would fail, ! worth a look. The Xcode version and simulator runtimes are not \
            checked yet. Exits 0 when ready, 1 when not, 2 for a bad lanes file.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lane to check for (default: every lane).")
    var lane: String?

    @Flag(help: "Print the checklist as JSON: {\"ready\": …, \"checks\": [{status, subject, detail, fix}]}.")
    var json = false

    @Flag(help: "Also check what needs the network (the App Store Connect key); not built yet.")
    var online = false

    func run() async throws {
        let command = CheckMachine(global: global.app, lane: lane, json: json, online: online)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
