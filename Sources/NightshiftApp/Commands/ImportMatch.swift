import NightshiftApple
import NightshiftCore
import NightshiftSystem

/// `nightshift signing import-match DIR`: a fastlane match repository's certificates and
/// profiles, decrypted with `MATCH_PASSWORD`, into the folder `codesigning.path` reads, so a
/// team can leave match (`MatchImport`).
public struct ImportMatch: AppCommand {
    public static let passwordVariable = "MATCH_PASSWORD"

    public var repository: String
    /// `--output`: the folder written (default `signing`).
    public var output: String

    public init(repository: String, output: String = "signing") {
        self.repository = repository
        self.output = output
    }

    public var lanesFile: LanesFileOptions? { nil }

    public var pathOptions: [(option: String, path: String?)] { [("the match repository", repository), ("--output", output)] }

    /// 0 when every file was written; 1 when one cannot be decrypted or written (nothing is then
    /// written); 2 for a missing password or an unusable path.
    public func work(in context: CommandContext) async throws -> Int32 {
        let password = context.environment.variables[Self.passwordVariable] ?? ""
        guard !password.isEmpty else { throw CommandFailure("\(MatchImportError.noPassword)", status: ExitStatus.usage) }
        context.secrets.learn([password])
        let repository = try context.absolute(repository)
        let output = try context.absolute(output)
        let shell = context.environment.makeShell(context.shellSettings(context.environment.variables))
        let report: MatchImport.Report
        do {
            report = try await MatchImport(shell: shell).run(
                repository: repository.string, output: output.string, password: Secret(password))
        } catch let error as MatchImportFailure {
            throw CommandFailure("\(error)", status: ExitStatus.stepFailed)
        } catch let error as MatchImportError {
            throw CommandFailure("\(error)", status: ExitStatus.stepFailed)
        }
        var lines = report.written.map { "wrote \(self.output)/\($0.name) (from \($0.source))" }
        if !report.combined.isEmpty {
            lines.append(
                "\(report.combined.joined(separator: ", ")): key and certificate joined into one PKCS#12, protected by MATCH_PASSWORD: "
                    + "set 'codesigning.certificate_password: ${MATCH_PASSWORD}'")
        }
        lines.append(
            "set 'codesigning.path: \(self.output)'; a configuration's 'certificate:' and 'provisioning_profile:' name these files without their extension"
        )
        context.output.out(lines.joined(separator: "\n") + "\n")
        return ExitStatus.success
    }
}
