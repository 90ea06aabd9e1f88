import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// Runs a crash reporter's own upload tool (`sentry-cli`, `upload-symbols`) through the step's
/// shell: its output goes to the step's log line by line, masked; a failure is its last lines.
enum SymbolToolRun {
    static func run(_ command: ShellCommand, tool: String, request: UploadRequest, shell: any ShellRunner, destination: UploadDestination)
        async throws
    {
        let result: CapturedResult
        do {
            result = try await shell.capture(command)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw UploadError(destination, "cannot run \(tool) (\(command.executable)): \(error)", reason: .missingFile)
        }
        for line in (result.standardOutput + result.standardError).split(whereSeparator: \.isNewline) {
            await request.log(String(line))
        }
        guard result.succeeded else {
            let detail = result.failureDetail
            throw UploadError(destination, "\(tool) \(result.termination)" + (detail.isEmpty ? "" : ": \(detail)"), reason: .uploadFailed)
        }
    }
}
