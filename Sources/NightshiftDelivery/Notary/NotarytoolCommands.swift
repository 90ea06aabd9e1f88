import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// `method: notarytool`: `xcrun notarytool` (notarytool(1)) with the API key, its JSON output
/// read. `submit` without `--wait`: the wait polls `info` on the lane's clock like the API does,
/// so `wait_timeout:` and `poll:` mean the same, and a hung `--wait` cannot hold the lane.
struct NotarytoolCommands {
    var context: StepContext
    /// The .p8's path, as notarytool takes it.
    var keyPath: String
    var keyID: String
    var issuerID: String

    private var credentials: [String] { ["--key", keyPath, "--key-id", keyID, "--issuer", issuerID] }

    func submitCommand(_ file: String) -> ShellCommand {
        ShellCommand("xcrun", ["notarytool", "submit", file] + credentials + ["--output-format", "json"])
    }

    /// The command a person runs to check on a submission (the key as a placeholder).
    static func manualCheck(_ id: String, subcommand: String = "info") -> String {
        "xcrun notarytool \(subcommand) \(id) --key AuthKey_<key id>.p8 --key-id <key id> --issuer <issuer id>"
    }

    private struct Submitted: Decodable { var id: String }
    private struct Info: Decodable { var status: String? }

    /// Uploads through notarytool; its submission id.
    func submit(_ file: String) async throws -> String {
        let result = try await run(submitCommand(file))
        guard result.succeeded else {
            throw NotaryError("notarytool submit failed (\(result.termination)): \(result.failureDetail)", reason: .uploadRejected)
        }
        guard let submitted = try? JSONDecoder().decode(Submitted.self, from: Data(Self.json(in: result.standardOutput).utf8)) else {
            throw NotaryError("notarytool submit printed no JSON with an id: \(result.standardOutput.prefix(300))", reason: .stepFailed)
        }
        return submitted.id
    }

    /// `notarytool info <id> --output-format json`: the status. A failure that is not an answer
    /// (no network) is a lost connection, tried again at the next poll.
    func status(_ id: String) async throws -> NotaryStatus? {
        let result = try await run(ShellCommand("xcrun", ["notarytool", "info", id] + credentials + ["--output-format", "json"]))
        guard result.succeeded, let info = try? JSONDecoder().decode(Info.self, from: Data(Self.json(in: result.standardOutput).utf8))
        else {
            throw NotaryError(
                "notarytool info \(id) failed (\(result.termination)): \(result.failureDetail)", reason: .notarizationUnfinished,
                lostConnection: true)
        }
        return NotaryStatus(info.status ?? "In Progress")
    }

    /// `notarytool log <id>` prints the developer log's JSON; it fails while there is none yet.
    func developerLog(_ id: String) async throws -> NotaryLog? {
        let result = try await run(ShellCommand("xcrun", ["notarytool", "log", id] + credentials))
        guard result.succeeded else { return nil }
        return try? JSONDecoder().decode(NotaryLog.self, from: Data(Self.json(in: result.standardOutput).utf8))
    }

    private func run(_ command: ShellCommand) async throws -> CapturedResult {
        await context.log("$ " + CommandLineRendering.render(command))
        return try await context.shell.capture(command, forwarding: [.standardError], to: context.emit)
    }

    /// notarytool may print progress before its JSON: the text from the first `{` on.
    static func json(in output: String) -> String {
        output.firstIndex(of: "{").map { String(output[$0...]) } ?? output
    }
}
