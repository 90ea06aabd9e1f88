import Foundation
import NightshiftCore
public import NightshiftSchema
import NightshiftSystem

/// `upload: { to: sentry }`: `sentry-cli debug-files upload --org O --project P <dSYMs>`, which
/// scans the folder and skips what Sentry already has (docs.sentry.io/cli/dif). The token goes in
/// `SENTRY_AUTH_TOKEN`, never on the command line, where every local user's `ps` would show it
/// (docs.sentry.io/cli/configuration); sentry-cli retries its own requests.
public struct SentryUploader: DestinationUploader {
    public init() {}

    public func upload(
        _ request: UploadRequest, settings: SentrySettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let symbols = try request.symbolContext(for: .sentry)
        request.secrets.learn([settings.authToken])
        try await SymbolToolRun.run(
            Self.command(settings, folder: request.file.string), tool: "sentry-cli debug-files upload", request: request,
            shell: symbols.shell,
            destination: .sentry)
        return UploadReceipt(location: "\(settings.url?.printable ?? "sentry.io") \(settings.organization)/\(settings.project)")
    }

    static func command(_ settings: SentrySettings, folder: String) -> ShellCommand {
        var environment = ["SENTRY_AUTH_TOKEN": settings.authToken]
        if let url = settings.url { environment["SENTRY_URL"] = url.absoluteString }
        return ShellCommand(
            settings.sentryCLI, ["debug-files", "upload", "--org", settings.organization, "--project", settings.project, folder],
            environment: environment)
    }
}
