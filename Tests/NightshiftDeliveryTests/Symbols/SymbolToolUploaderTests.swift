import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("sentry-cli and upload-symbols, through a scripted shell", .temporaryDirectory)
struct SymbolToolUploaderTests {
    static let token = "sntrys_unit-token-71c2"

    func request(_ folder: String, _ values: [String: String], shell: ScriptedShellRunner, app: String? = nil, candidates: [String] = [])
        -> (UploadRequest, LineLog)
    {
        let log = LineLog()
        var request = UploadRequest(
            file: .test(folder), parameters: parameters(values), environment: [:], secrets: RunSecrets(secrets: []), log: log.sink)
        request.symbols = SymbolUploadContext(shell: shell, app: app, toolCandidates: candidates)
        return (request, log)
    }

    @Test("sentry-cli debug-files upload: org, project and folder on argv; the token and SENTRY_URL in its environment only")
    func sentryCommand() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(
            ["sentry-cli", "debug-files", "upload"],
            .output([(.standardOutput, "> Uploaded 2 missing debug information files\n")], .exited(0)))
        let (request, log) = request(
            "/archive/dSYMs", ["org": "acme", "project": "ios", "auth_token": Self.token, "url": "https://sentry.example.com"], shell: shell
        )
        let receipt = try await SentryUploader().upload(request, progress: { _ in })
        let command = try #require(await shell.commands.first)
        #expect(command.argv == ["sentry-cli", "debug-files", "upload", "--org", "acme", "--project", "ios", "/archive/dSYMs"])
        #expect(command.environment == ["SENTRY_AUTH_TOKEN": Self.token, "SENTRY_URL": "https://sentry.example.com"])
        #expect(log.lines == ["> Uploaded 2 missing debug information files"])
        #expect(receipt.location == "https://sentry.example.com acme/ios")
    }

    @Test("sentry-cli's failure is the upload's, in its words, the token masked where it echoes it")
    func sentryFailure() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(
            ["sentry-cli"],
            .output([(.standardError, "error: API request failed\n  caused by: token \(Self.token) is invalid\n")], .exited(1)))
        let (request, log) = request("/archive/dSYMs", ["org": "acme", "project": "ios", "auth_token": Self.token], shell: shell)
        let error = await #expect(throws: UploadError.self) { try await SentryUploader().upload(request, progress: { _ in }) }
        #expect(
            error?.description.hasPrefix("upload to sentry failed: sentry-cli debug-files upload exit code 1: error: API request failed")
                == true)
        #expect(!log.text.contains(Self.token) && log.text.contains("token ******** is invalid"))
    }

    @Test("upload-symbols: the first candidate there, the app's GoogleService-Info.plist, -p mac for macos")
    func crashlyticsCommand() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let app = try scratch.subdirectory("App.app")
        _ = try scratch.file("App.app/GoogleService-Info.plist", bytes: 10)
        let tool = try scratch.file("upload-symbols", bytes: 10)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        let shell = ScriptedShellRunner()
        await shell.on([tool], .succeeds)
        let (request, _) = request(
            "/archive/dSYMs", ["platform": "macos"], shell: shell, app: app, candidates: [scratch.path + "/not-there/upload-symbols", tool])
        _ = try await CrashlyticsUploader().upload(request, progress: { _ in })
        #expect(await shell.argvs == [[tool, "-gsp", app + "/GoogleService-Info.plist", "-p", "mac", "/archive/dSYMs"]])
    }

    @Test("upload-symbols nowhere: the error names each place looked in; no GoogleService-Info.plist: it says where it looked")
    func crashlyticsMissing() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let app = try scratch.subdirectory("App.app")
        let shell = ScriptedShellRunner()
        let (noTool, _) = request(
            "/d", [:], shell: shell, app: app,
            candidates: [
                "/dd/SourcePackages/checkouts/firebase-ios-sdk/Crashlytics/upload-symbols", "/p/Pods/FirebaseCrashlytics/upload-symbols",
            ])
        let error = await #expect(throws: UploadError.self) { try await CrashlyticsUploader().upload(noTool, progress: { _ in }) }
        #expect(
            error?.message
                == "Crashlytics' upload-symbols was not found; looked in: /dd/SourcePackages/checkouts/firebase-ios-sdk/Crashlytics/upload-symbols, "
                + "/p/Pods/FirebaseCrashlytics/upload-symbols. Set 'upload_symbols:' to its path (it ships with the FirebaseCrashlytics SDK)"
        )
        let tool = try scratch.file("upload-symbols", bytes: 10)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        let (noPlist, _) = request("/d", ["upload_symbols": tool], shell: shell, app: app)
        let plistError = await #expect(throws: UploadError.self) { try await CrashlyticsUploader().upload(noPlist, progress: { _ in }) }
        #expect(plistError?.message.contains("no GoogleService-Info.plist (looked in \(app)/GoogleService-Info.plist, ") == true)
        #expect(await shell.commands.isEmpty)
    }
}
