import ArgumentParser
import NightshiftApp

/// `nightshift appstore …`: the App Store side of a lane's app after its `release:` step.
struct AppStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appstore",
        abstract: "Show a lane's App Store versions and review submissions, release an approved version, control its phased release.",
        subcommands: [AppStoreStatusCommand.self, AppStoreReleaseCommand.self, AppStorePhasedCommand.self])
}

struct AppStoreStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Each version in progress (state, build, phased release) and review submission (state, page), GET requests only.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The lane whose configuration names the app (default: every configuration).")
    var lane: String?
    @Flag(
        help:
            "Tell the lane's notify: what moved (a version's, its phased release's or a review submission's state) since the last check with --notify; the first check only remembers."
    )
    var notify = false

    func run() async throws {
        throw ExitCode(
            await ManageAppStore(global: global.app, lane: lane, action: .status, notify: notify).execute(in: CompositionRoot.environment())
        )
    }
}

struct AppStoreReleaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Release the lane's version that App Review approved for a manual release (PENDING_DEVELOPER_RELEASE).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The lane whose configuration names the app.")
    var lane: String

    func run() async throws {
        throw ExitCode(await ManageAppStore(global: global.app, lane: lane, action: .release).execute(in: CompositionRoot.environment()))
    }
}

struct AppStorePhasedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phased",
        abstract: "Pause, resume or complete (release to everyone) the phased release of the lane's newest version.")

    @Argument(help: "pause, resume or complete.")
    var action: String
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The lane whose configuration names the app.")
    var lane: String

    func validate() throws {
        guard ManageAppStore.Action.phased(named: action) != nil else {
            throw ValidationError("the action must be pause, resume or complete, found '\(action)'")
        }
    }

    func run() async throws {
        guard let phased = ManageAppStore.Action.phased(named: action) else { throw ExitCode(2) }
        throw ExitCode(await ManageAppStore(global: global.app, lane: lane, action: phased).execute(in: CompositionRoot.environment()))
    }
}
