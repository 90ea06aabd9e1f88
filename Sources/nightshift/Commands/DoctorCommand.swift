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
            G2) is current and installed; the keychain search list; the Xcode each 'xcode:' chooses \
            and the simulator runtime of every test destination, as run checks them before its \
            first step (nothing is installed); free disk space. With --online only, the App Store \
            Connect key, with one GET; without it nothing is sent. ✓ ready, ✗ a lane would fail, \
            ! worth a look. Exits 0 when ready, 1 when not, 2 for a bad lanes file.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lane to check for (default: every lane).")
    var lane: String?

    @Flag(help: "Print the checklist as JSON: {\"ready\": …, \"checks\": [{status, subject, detail, fix}]}.")
    var json = false

    @Flag(help: "Also check what needs the network: the App Store Connect key (APP_STORE_CONNECT_API_KEY_*), with one GET /v1/apps.")
    var online = false

    func run() async throws {
        let command = CheckMachine(global: global.app, lane: lane, json: json, online: online)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
