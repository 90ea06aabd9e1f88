internal import Foundation
import NightshiftCore
import NightshiftDelivery
import NightshiftLanes
import NightshiftScheduling
import NightshiftServices
import NightshiftSystem

/// One command's view of its environment: its options, the masked console, the diagnostic
/// printer, and the `.env` files beside the lanes file, read once.
public struct CommandContext: Sendable {
    let options: LanesFileOptions
    let environment: CommandEnvironment
    /// Everything the command prints goes through here; it holds the command's `secrets`.
    let output: MaskingOutputSink
    /// Set when this runs inside a CI job (Jenkins, GitHub Actions, Buildkite): plain output,
    /// state under the job's workspace.
    let ci: CIEnvironment
    let printer: DiagnosticPrinter
    /// The process environment with the `.env` files beneath it, or why they cannot be read;
    /// nil for a command that reads none. Read once, here: the files are not read again.
    private let dotEnv: Result<DotEnvStack.Loaded, any Error>?

    /// `options`: nil for the commands that read no lanes file (`cron`, `history`), which read
    /// no `.env` files either and take every flag at its default.
    init(options: LanesFileOptions?, environment: CommandEnvironment) {
        self.options = options ?? LanesFileOptions()
        self.environment = environment
        ci = environment.ci ?? CIEnvironment(environment.variables)
        let colour = environment.standardErrorIsTerminal && environment.variables["NO_COLOR"] == nil && !self.options.noColor
        printer = DiagnosticPrinter(colour: colour && !ci.prefersPlainOutput)
        dotEnv = options.map { options in Result { try Self.dotEnvFiles(options: options, environment: environment) } }
        // Before the lanes file has loaded, the secrets the environment alone names: an error may
        // quote a value. The `.env` files count, without their notes (an unreadable one is
        // reported when the environment is asked for).
        let lenient = (try? dotEnv?.get().environment) ?? environment.variables
        output = MaskingOutputSink(environment.output, secrets: RunSecrets(secrets: SecretPolicy().secretValues(in: lenient)))
    }

    /// The command's one owner of secrets: the console, the run, its logs, journal, reports and
    /// history all mask through it, and whatever it learns is masked everywhere from then on.
    var secrets: RunSecrets { output.secrets }

    /// A warning, note or error the command gives besides its result: on standard error,
    /// rendered by the command's printer (coloured on a terminal), masked like all output.
    func tell(_ diagnostic: Diagnostic) {
        output.err(printer.render([diagnostic]))
    }

    var clock: any WallClock { environment.clock }
    /// A transport made for this command's service clients (a fake's, in tests).
    var transport: any HTTPTransport { environment.makeTransport() }

    /// Runs a command's work; prints the failure it throws, if any, and gives the exit status.
    func perform(_ work: () async throws -> Int32) async -> Int32 {
        do {
            return try await work()
        } catch {
            return report(error)
        }
    }

    /// Prints `error` as diagnostics (masked, like all output) and gives its exit status.
    @discardableResult
    func report(_ error: any Error) -> Int32 {
        let failure = CommandFailure(mapping: error)
        let text =
            failure.countsErrors
            ? printer.render(failure.diagnostics)
            : failure.diagnostics.map { printer.render([$0]) }.joined()
        output.err(text)
        return failure.status
    }

    /// Loads and validates the lanes file, printing its warnings; throws its errors. From then
    /// on the console masks what the file declares secret, also in those errors: whatever of the
    /// file could be read says what it declares secret.
    func loadLanesFile() throws -> LanesFile {
        let environment = lenientEnvironment
        let path = try lanesFile
        do {
            let file = try LanesFileLoader().load(path, shownAs: options.file, from: self.environment.files)
            secrets.learn(file.secretValues(in: environment))
            if !file.warnings.isEmpty { output.err(printer.render(file.warnings)) }
            return file
        } catch {
            if let partialFile = error.partialFile { secrets.learn(partialFile.secretValues(in: environment)) }
            throw error
        }
    }

    /// The process environment with the `.env` files beneath it (`.env.default`, `.env`, then
    /// each `--env` name; see `DotEnvStack`), noting on stderr each variable the real environment
    /// keeps. A command asks once and passes the result down, so the notes are printed once.
    /// Throws when a file cannot be read or parsed.
    func loadEnvironment() throws -> EnvironmentVariables {
        guard let dotEnv else { return environment.variables }
        let loaded = try dotEnv.get()
        if !loaded.notes.isEmpty { output.err(printer.render(loaded.notes)) }
        return loaded.environment
    }

    /// The environment for masking: with the `.env` files when they can be read.
    private var lenientEnvironment: EnvironmentVariables {
        (try? dotEnv?.get().environment) ?? environment.variables
    }

    /// The lane lock stays with this process: a step that runs nightshift again must not try to
    /// take it.
    private static func dotEnvFiles(options: LanesFileOptions, environment: CommandEnvironment) throws -> DotEnvStack.Loaded {
        var variables = environment.variables
        variables[LaneLockFiles.variable] = nil
        var files: [(path: String, text: String)] = []
        for source in DotEnvStack.sources(besideLanesFile: options.file, environmentNames: options.env) {
            let path = try AbsolutePath(validating: source.path, relativeTo: environment.currentDirectory)
            let contents = environment.files.contents(of: path)
            if contents == .missing, !source.isRequired { continue }
            guard case .bytes(let data) = contents else {
                throw DotEnvUnreadable(path: source.path, reason: contents.problem ?? "")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw DotEnvUnreadable(path: source.path, reason: "it is not UTF-8 text")
            }
            files.append((source.path, text))
        }
        return try DotEnvStack.load(files, under: variables)
    }
}
