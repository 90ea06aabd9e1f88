import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("TestFlight uploader through the shell", .temporaryDirectory)
struct TestFlightUploaderTests {
    static let pem =
        "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgFAKEKEYMATERIAL\n-----END PRIVATE KEY-----\n"

    /// Looks into API_PRIVATE_KEYS_DIR while altool "runs", then answers from the script.
    actor KeyInspectingShell: ShellRunner {
        let scripted: ScriptedShellRunner
        private(set) var keysSeen: [String: String] = [:]
        private(set) var permissions: Int?

        init(_ scripted: ScriptedShellRunner) { self.scripted = scripted }

        nonisolated func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws
            -> Termination
        {
            await inspect(command.environment["API_PRIVATE_KEYS_DIR"] ?? "")
            return try await scripted.run(command, onOutput: onOutput)
        }

        private func inspect(_ directory: String) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                keysSeen[name] = try? String(contentsOfFile: (directory as NSString).appendingPathComponent(name), encoding: .utf8)
            }
            permissions = (try? FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? NSNumber)?.intValue
        }
    }

    /// An uploader for `method: altool`: the HTTP transport must stay unused.
    static func altool(
        shell: any ShellRunner, clock: any WallClock, temporaryDirectory: String, jitter: any JitterSource = SystemJitterSource()
    ) -> TestFlightUploader {
        TestFlightUploader(
            shell: shell, clock: clock, temporaryDirectory: temporaryDirectory,
            client: { RetryingHTTPClient(transport: ScriptedTransport([]), clock: clock, jitter: jitter, policy: $0) }, jitter: jitter)
    }

    func request(_ file: String, _ extra: [String: String] = [:], log: LineLog = LineLog()) -> UploadRequest {
        UploadRequest(
            file: .test(file),
            parameters: parameters(
                [
                    "key_id": "ABC123XYZ9", "issuer_id": "69a6de7e-aaaa-bbbb-cccc-5bc2a8c2c3d4", "private_key": Self.pem, "backoff": "1s",
                    "method": "altool",
                ]
                .merging(extra) { $1 }),
            environment: [:], secrets: RunSecrets(secrets: []), log: log.sink
        )
    }

    @Test("runs xcrun altool --upload-app with the key in API_PRIVATE_KEYS_DIR, then removes the key")
    func uploadsWithAPIKey() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 2048)
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcrun", "altool"], .output([(.standardOutput, "UPLOAD SUCCEEDED with no errors\n")], .exited(0)))
        let shell = KeyInspectingShell(scripted)
        let tmp = try scratch.subdirectory("tmp")
        let uploader = Self.altool(shell: shell, clock: ManualClock(), temporaryDirectory: tmp)
        let log = LineLog()
        let receipt = try await uploader.upload(request(file, log: log), progress: { _ in })
        let command = try #require(await scripted.commands.first)
        #expect(
            command.argv == [
                "xcrun", "altool", "--upload-app", "-f", file, "-t", "ios", "--apiKey", "ABC123XYZ9", "--apiIssuer",
                "69a6de7e-aaaa-bbbb-cccc-5bc2a8c2c3d4",
            ])
        let keysDirectory = try #require(command.environment["API_PRIVATE_KEYS_DIR"])
        #expect(keysDirectory.hasPrefix(tmp) && keysDirectory.hasSuffix("/private_keys"))
        #expect(await shell.keysSeen == ["AuthKey_ABC123XYZ9.p8": Self.pem])
        #expect(await shell.permissions == 0o700)
        #expect(!command.argv.joined().contains("FAKEKEYMATERIAL"))
        #expect((try FileManager.default.contentsOfDirectory(atPath: tmp)).isEmpty)
        #expect(receipt.location == "App Store Connect (TestFlight)")
        // altool reports no size or checksum of what it received: sent, not verified.
        #expect(receipt.verification == .sent(try FileDigest.of(file: file)))
        #expect(log.lines == ["UPLOAD SUCCEEDED with no errors"])
    }

    @Test("a key given as a path is copied under altool's expected name")
    func keyFromPath() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let keyPath = (scratch.path as NSString).appendingPathComponent("downloaded.p8")
        try Self.pem.write(toFile: keyPath, atomically: true, encoding: .utf8)
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcrun", "altool"], .output([(.standardOutput, "UPLOAD SUCCEEDED with no errors\n")], .exited(0)))
        let shell = KeyInspectingShell(scripted)
        let uploader = Self.altool(shell: shell, clock: ManualClock(), temporaryDirectory: try scratch.subdirectory("tmp"))
        _ = try await uploader.upload(request(file, ["private_key": keyPath, "platform": "appletvos"]), progress: { _ in })
        #expect(await shell.keysSeen == ["AuthKey_ABC123XYZ9.p8": Self.pem])
        #expect(await scripted.argvs.first?.contains("appletvos") == true)
    }

    @Test("altool's abnormal exit (-1) is retried after the back-off")
    func retriesTransientExit() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcrun", "altool"], .output([], .exited(255)), .output([(.standardOutput, "UPLOAD SUCCEEDED\n")], .exited(0)))
        let clock = ManualClock()
        let log = LineLog()
        let uploader = Self.altool(
            shell: scripted, clock: clock, temporaryDirectory: try scratch.subdirectory("tmp"), jitter: FixedJitter(unit: 0))
        let task = Task { try await uploader.upload(request(file, log: log), progress: { _ in }) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
        _ = try await task.value
        #expect(await scripted.commands.count == 2)
        #expect(log.text.contains("altool ended abnormally (exit code 255); retrying in 1.0s (attempt 2 of 5)"))
    }

    @Test("an altool error fails at once, quoting altool's error with credentials masked")
    func failsWithAltoolError() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let scripted = ScriptedShellRunner()
        await scripted.on(
            ["xcrun", "altool"], .output([(.standardError, "*** Error: Authentication failed for key ABC123XYZ9 (-19209)\n")], .exited(1)))
        let uploader = Self.altool(shell: scripted, clock: ManualClock(), temporaryDirectory: try scratch.subdirectory("tmp"))
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request(file), progress: { _ in }) }
        #expect(await scripted.commands.count == 1)
        #expect(
            error?.description
                == "upload to testflight failed: altool exit code 1: *** Error: Authentication failed for key ABC123XYZ9 (-19209)")
    }

    @Test(
        "altool exiting 0 after an error is a failure (Xcode 26, fastlane#29739)",
        arguments: [
            "2025-10-31 11:34:44.727 ERROR: [altool.102BA2C00] The provided entity includes an attribute with a value that has already been used (-19232)",
            "ERROR ITMS-90062: \"This bundle is invalid. The value for key CFBundleShortVersionString [1.4.0] must contain a higher version.\"",
        ])
    func exitZeroWithError(line: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcrun", "altool"], .output([(.standardOutput, line + "\n")], .exited(0)))
        let uploader = Self.altool(shell: scripted, clock: ManualClock(), temporaryDirectory: try scratch.subdirectory("tmp"))
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request(file), progress: { _ in }) }
        #expect(error?.message == "altool exit code 0: \(line)")
        #expect(error?.reason == .uploadRejected)
    }

    @Test("app_id: passes --apple-id, so altool does not look the app up by bundle id (fastlane#29698, #29820)")
    func passesAppleID() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcrun", "altool"], .output([(.standardOutput, "UPLOAD SUCCEEDED with no errors\n")], .exited(0)))
        let uploader = Self.altool(shell: scripted, clock: ManualClock(), temporaryDirectory: try scratch.subdirectory("tmp"))
        _ = try await uploader.upload(request(file, ["app_id": "1234567890"]), progress: { _ in })
        #expect(await scripted.argvs.first?.suffix(2) == ["--apple-id", "1234567890"])
    }

    @Test("missing key_id is reported before anything runs")
    func requiresKeyID() async throws {
        let scripted = ScriptedShellRunner()
        let uploader = Self.altool(shell: scripted, clock: ManualClock(), temporaryDirectory: NSTemporaryDirectory())
        let request = UploadRequest(
            file: .test("/x.ipa"), parameters: parameters(["issuer_id": "i", "private_key": Self.pem, "method": "altool"]),
            environment: [:],
            secrets: RunSecrets(secrets: []))
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request, progress: { _ in }) }
        #expect(error?.message == "'key_id:' is required")
        #expect(await scripted.commands.isEmpty)
    }
}
