import ArgumentParser
import NightshiftApp

struct SigningCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signing", abstract: "Signing files: import them from fastlane match.", subcommands: [ImportMatchCommand.self])
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
