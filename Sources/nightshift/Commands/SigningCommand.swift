import ArgumentParser
import NightshiftApp

/// `nightshift signing …`: certificates and provisioning profiles kept on App Store Connect
/// (`codesigning: { from: appstoreconnect }`).
struct SigningCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signing",
        abstract: "Keep certificates and provisioning profiles on App Store Connect through its API, or import them from fastlane match.",
        subcommands: [SigningPlanCommand.self, SigningApplyCommand.self, SigningCheckCommand.self, ImportMatchCommand.self])
}

/// The lane argument the three share: like `profiles`, every configuration without one.
struct SigningLaneArgument: ParsableArguments {
    @Argument(help: "Only the configurations this lane's signing steps use (default: every configuration).")
    var lane: String?
}

struct SigningPlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show what 'signing apply' would change on App Store Connect; change nothing.",
        discussion: """
            Reads the bundle ids the scheme signs (xcodebuild -showBuildSettings), then App Store \
            Connect (GET requests only): each private key's certificate, found by its public key, \
            and each profile. Exits 0 when the plan was shown, changes pending or not; 1 when a \
            problem would stop 'apply' (a bundle id not registered).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: SigningLaneArgument

    func run() async throws {
        let command = SyncSigning(global: global.app, lane: selection.lane, action: .plan)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}

struct SigningApplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Create the certificates and profiles the configurations need on App Store Connect.",
        discussion: """
            Creates a missing certificate from its private key's CSR, deletes and creates again \
            each profile that is missing a device or the certificate, has expired or is a zombie \
            (Apple has no way to edit one), and prints each change. It never revokes a certificate.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: SigningLaneArgument

    func run() async throws {
        let command = SyncSigning(global: global.app, lane: selection.lane, action: .apply)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}

struct SigningCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Renew: 'apply', also making again the profiles that expire within N days.",
        discussion: """
            Warns about certificates expiring within 30 days. The API cannot renew Developer ID \
            certificates: the Account Holder makes them in the developer portal. Schedule it \
            from a lane (sh: nightshift signing check) to keep profiles from expiring unseen.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var selection: SigningLaneArgument

    @Option(help: ArgumentHelp("Make again the profiles that expire within this many days.", valueName: "N"))
    var days: Int = 30

    func validate() throws {
        guard (0...366).contains(days) else { throw ValidationError("--days must be between 0 and 366") }
    }

    func run() async throws {
        let command = SyncSigning(global: global.app, lane: selection.lane, action: .check(days: days))
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}

struct ImportMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-match",
        abstract: "Decrypt a fastlane match repository into the folder codesigning.path reads.",
        discussion: """
            Reads certs/<type>/*.cer and *.p12 and profiles/<type>/*.mobileprovision, both of match's formats \
            (Salted__ AES-256-CBC and match_encrypted_v2__ AES-256-GCM), with the password in MATCH_PASSWORD. \
            A private key stored as PEM is joined with its certificate into one .p12 by openssl. Nothing is \
            written unless every file decrypts; existing files are never replaced.
            """)

    @Argument(help: "The match repository's folder (a clone).")
    var directory: String

    @Option(help: "The folder to write.")
    var output = "signing"

    func run() async throws {
        throw ExitCode(await ImportMatch(repository: directory, output: output).execute(in: CompositionRoot.environment()))
    }
}
