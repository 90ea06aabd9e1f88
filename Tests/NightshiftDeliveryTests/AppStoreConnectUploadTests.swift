import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftEngineTestSupport
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("TestFlight through the App Store Connect API, against a fake App Store Connect", .temporaryDirectory)
struct AppStoreConnectUploadTests {
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>\(FakeAppStoreConnect.bundleID)</string>
        <key>CFBundleShortVersionString</key><string>1.4.0</string>
        <key>CFBundleVersion</key><string>812</string>
        </dict></plist>
        """

    /// `unzip` answering for an .ipa whose main Info.plist is `plist` (an extension's beside it).
    static func unzip(plist: String = infoPlist) async -> ScriptedShellRunner {
        let shell = ScriptedShellRunner()
        let listing = [
            "Payload/", "Payload/Night Shift.app/", "Payload/Night Shift.app/PlugIns/W.appex/Info.plist",
            "Payload/Night Shift.app/Info.plist",
        ].joined(separator: "\n")
        await shell.on(["unzip", "-Z1"], .output([(.standardOutput, listing)], .exited(0)))
        await shell.on(["unzip", "-p"], .output([(.standardOutput, plist)], .exited(0)))
        return shell
    }

    struct Fixture {
        let scratch: ScratchDirectory
        let file: String
        let fake: FakeAppStoreConnect
        let clock: SkippingClock
        let log = LineLog()
        let progress = ProgressLog()

        init(bytes: Int = 4500, script: FakeAppStoreConnect.Script = .init()) async throws {
            scratch = try ScratchDirectory()
            file = try scratch.file("App.ipa", bytes: bytes)
            clock = SkippingClock()
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            fake = try await FakeAppStoreConnect(file: bytes, clock: clock, script: script, listening: false)
        }

        func uploader(shell: any ShellRunner, concurrency: Int = 3) -> TestFlightUploader {
            let clock = clock
            let transport = InProcessHTTPServer(handler: fake.answer)
            return TestFlightUploader(
                shell: shell, clock: clock, temporaryDirectory: scratch.path,
                client: { policy in RetryingHTTPClient(transport: transport, clock: clock, jitter: FixedJitter(unit: 0), policy: policy) },
                jitter: FixedJitter(unit: 0), pollInterval: .seconds(15), partConcurrency: concurrency)
        }

        func request(
            _ extra: [String: String] = [:], lists: [String: [String]] = [:], appIdentifier: String? = nil, runFolder: String? = nil,
            journal: StepJournalNotes = .none
        ) -> UploadRequest {
            var values = [
                "key_id": FakeAppStoreConnect.keyID, "issuer_id": FakeAppStoreConnect.issuerID, "private_key": fake.pem,
                "endpoint": fake.endpoint, "backoff": "1s",
            ]
            values.merge(extra) { $1 }
            let environment: EnvironmentVariables =
                appIdentifier.map { [NightshiftVariable.appIdentifier.name: $0] } ?? [:]
            return UploadRequest(
                file: .test(file), parameters: parameters(values, lists: lists), environment: environment,
                secrets: RunSecrets(secrets: [fake.pem]), log: log.sink, runFolder: runFolder.map(AbsolutePath.test), journal: journal)
        }

        func finish() async {
            await fake.stop()
            scratch.remove()
        }
    }

    @Test("reads the .ipa, reserves, sends every part once, commits with the SHA-256, waits for VALID, and says what Apple confirmed")
    func uploadsAndVerifies() async throws {
        let fixture = try await Fixture()
        let shell = await Self.unzip()
        let receipt = try await fixture.uploader(shell: shell).upload(
            fixture.request(appIdentifier: FakeAppStoreConnect.bundleID), progress: fixture.progress.record)
        let fake = fixture.fake
        #expect(fake.problems == [])
        #expect(fake.parts == [1: 1, 2: 1, 3: 1, 4: 1, 5: 1])
        #expect(
            fake.apiCalls == [
                "GET /v1/apps", "POST /v1/buildUploads", "POST /v1/buildUploadFiles", "PATCH /v1/buildUploadFiles/f1le-0001",
                "GET /v1/buildUploads/\(FakeAppStoreConnect.uploadID)", "GET /v1/buildUploads/\(FakeAppStoreConnect.uploadID)",
                "GET /v1/builds/b0ild-812", "GET /v1/builds/b0ild-812",
            ])
        let digest = try FileDigest.of(file: fixture.file)
        #expect(receipt.verification == .confirmed(digest, "build 1.4.0 (812) VALID in App Store Connect"))
        #expect(
            receipt.verification?.description.hasPrefix("verified: build 1.4.0 (812) VALID in App Store Connect (size 4500 bytes") == true)
        #expect(receipt.details == ["build_id": "b0ild-812", "processing_state": "VALID", "build_upload_id": FakeAppStoreConnect.uploadID])
        #expect(fixture.progress.all.last == UploadProgress(bytesSent: 4500, totalBytes: 4500))
        // The .ipa's main Info.plist, not the extension's, quoted for unzip.
        #expect(await shell.argvs.last == ["unzip", "-p", fixture.file, "Payload/Night Shift.app/Info.plist"])
        // Polls slept on the injected clock.
        #expect(fixture.clock.sleeps == [15, 15])
        for token in fake.tokens { #expect(!fixture.log.text.contains(token)) }
        #expect(!fixture.log.text.contains("s3cr3tsignature"))
        await fixture.finish()
    }

    @Test("the build the upload made is in the step's journal note, for a release: step after it")
    func notesTheBuild() async throws {
        let fixture = try await Fixture()
        let journal = RecordedStepNote()
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(
            fixture.request(appIdentifier: FakeAppStoreConnect.bundleID, journal: journal.notes), progress: { _ in })
        #expect(
            journal.recorded == [
                "destination": "testflight", "bundle_id": FakeAppStoreConnect.bundleID, "app_id": FakeAppStoreConnect.appID,
                "build_number": "812", "version": "1.4.0", "platform": "IOS", "build_id": FakeAppStoreConnect.buildID,
            ])
        await fixture.finish()
    }

    @Test("encryption: true links the app's approved declaration, then answers; with none, Missing Compliance says where to add one")
    func encryptionTrue() async throws {
        var script = FakeAppStoreConnect.Script()
        script.declarations = ["decl-review": "IN_REVIEW", "decl-ok": "APPROVED"]
        let fixture = try await Fixture(script: script)
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(["encryption": "true"]), progress: { _ in })
        #expect(fixture.fake.problems == [])
        #expect(fixture.fake.linkedDeclaration == "decl-ok")
        let calls = fixture.fake.apiCalls
        let link = calls.firstIndex(of: "PATCH /v1/builds/\(FakeAppStoreConnect.buildID)/relationships/appEncryptionDeclaration")
        #expect(link != nil && calls.firstIndex(of: "PATCH /v1/builds/\(FakeAppStoreConnect.buildID)") ?? 0 > link ?? .max)
        await fixture.finish()

        script.declarations = ["decl-review": "IN_REVIEW"]
        let bare = try await Fixture(script: script)
        _ = try await bare.uploader(shell: await Self.unzip()).upload(bare.request(["encryption": "true"]), progress: { _ in })
        #expect(bare.fake.problems == [])
        #expect(!bare.fake.apiCalls.contains { $0.hasPrefix("PATCH /v1/builds/") }, "no answer without a declaration")
        #expect(
            bare.log.text.contains(
                "warning: Missing Compliance: encryption: true needs an approved export compliance declaration for IOS, and the app has none"
            ))
        await bare.finish()
    }

    @Test("a run that failed after the reservation leaves it in its run folder; the next run of the lane sends only the missing parts")
    func resumesReservation() async throws {
        var script = FakeAppStoreConnect.Script()
        script.failingParts = [4: 1]
        let fixture = try await Fixture(script: script)
        let lane = try fixture.scratch.subdirectory("runs/beta")
        let (first, second) = ((lane as NSString).appendingPathComponent("r1"), (lane as NSString).appendingPathComponent("r2"))
        // One part at a time: parts 1 to 3 arrive, 4 fails, 5 is never started.
        let uploader = fixture.uploader(shell: await Self.unzip(), concurrency: 1)
        await #expect(throws: UploadError.self) {
            try await uploader.upload(fixture.request(["attempts": "1"], runFolder: first), progress: { _ in })
        }
        let saved = try JSONDecoder().decode(
            BuildUploadReservation.self, from: try Data(contentsOf: URL(fileURLWithPath: "\(first)/testflight-upload.json")))
        #expect(saved.finishedParts == [1, 2, 3] && saved.uploadID == FakeAppStoreConnect.uploadID && saved.runID == "r1")
        let permissions = try FileManager.default.attributesOfItem(atPath: "\(first)/testflight-upload.json")[.posixPermissions]
        #expect((permissions as? NSNumber)?.intValue == 0o600)

        _ = try await uploader.upload(fixture.request(runFolder: second), progress: fixture.progress.record)
        #expect(fixture.fake.problems == [])
        #expect(fixture.fake.parts == [1: 1, 2: 1, 3: 1, 4: 1, 5: 1])
        #expect(fixture.fake.apiCalls.filter { $0 == "POST /v1/buildUploads" }.count == 1)
        #expect(
            fixture.log.lines.contains(
                "continuing build upload \(FakeAppStoreConnect.uploadID) reserved by run r1 for the same .ipa: 3 of 5 parts already sent"))
        // Progress counts the parts an earlier run sent.
        #expect((fixture.progress.all.first?.bytesSent ?? 0) > 3000)
        #expect(fixture.progress.all.last == UploadProgress(bytesSent: 4500, totalBytes: 4500))
        // Committed: nothing is left to continue.
        #expect(!FileManager.default.fileExists(atPath: "\(first)/testflight-upload.json"))
        #expect(!FileManager.default.fileExists(atPath: "\(second)/testflight-upload.json"))
        await fixture.finish()
    }

    @Test("a reservation of other bytes is not continued")
    func otherBytesStartAnew() async throws {
        let fixture = try await Fixture()
        let lane = try fixture.scratch.subdirectory("runs/beta")
        let other = BuildUploadReservation(
            sha256: "00ff", size: 4500, app: FakeAppStoreConnect.appID, uploadID: "old", fileID: "old-file", operations: [],
            finishedParts: [], runID: "r0")
        try await ReservationStore(runFolder: .test(lane + "/r0")).save(other)
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(
            fixture.request(["wait": "false"], runFolder: lane + "/r1"), progress: { _ in })
        #expect(fixture.fake.problems == [])
        #expect(!fixture.log.text.contains("continuing"))
        await fixture.finish()
    }

    @Test("an .ipa of another app fails before any request")
    func bundleMismatch() async throws {
        let fixture = try await Fixture()
        let error = await #expect(throws: UploadError.self) {
            try await fixture.uploader(shell: await Self.unzip()).upload(
                fixture.request(appIdentifier: "com.example.other"), progress: { _ in })
        }
        #expect(
            error?.message == "the .ipa is 'com.example.nightshift', but the configuration's app_identifier is 'com.example.other'")
        #expect(error?.reason == .appIdentifierMismatch)
        #expect(fixture.fake.apiCalls.isEmpty)
        await fixture.finish()
    }

    @Test("a part answered 503 is sent again and the upload completes; only that part is resent")
    func retriesFailedPart() async throws {
        var script = FakeAppStoreConnect.Script()
        script.failingParts = [3: 2]
        let fixture = try await Fixture(script: script)
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(), progress: { _ in })
        #expect(fixture.fake.problems == [])
        #expect(fixture.fake.parts == [1: 1, 2: 1, 3: 1, 4: 1, 5: 1])
        #expect(fixture.log.lines.filter { $0.contains("HTTP 503") }.count == 2)
        // The pre-signed URL's signature never reaches the log.
        #expect(fixture.log.text.contains("PUT \(fixture.fake.endpoint)/parts/3: HTTP 503"))
        #expect(!fixture.log.text.contains("s3cr3tsignature"))
        await fixture.finish()
    }

    @Test("a part that keeps failing fails the upload without committing")
    func partFailsForGood() async throws {
        var script = FakeAppStoreConnect.Script()
        script.failingParts = [2: 100]
        let fixture = try await Fixture(script: script)
        let error = await #expect(throws: UploadError.self) {
            try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(["attempts": "2"]), progress: { _ in })
        }
        #expect(error?.message.hasPrefix("part 2: HTTP 503 Service Unavailable from PUT http://127.0.0.1:") == true)
        #expect(error?.reason == .uploadUnavailable)
        #expect(!fixture.fake.apiCalls.contains { $0.hasPrefix("PATCH") })
        await fixture.finish()
    }

    @Test("429 with Retry-After waits what Apple asked on the injected clock, then goes on")
    func honoursRetryAfter() async throws {
        var script = FakeAppStoreConnect.Script()
        script.rateLimitRetryAfter = "7"
        let fixture = try await Fixture(script: script)
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(["wait": "false"]), progress: { _ in })
        #expect(fixture.fake.problems == [])
        #expect(fixture.clock.sleeps == [7])
        #expect(fixture.log.text.contains("HTTP 429"))
        await fixture.finish()
    }

    @Test("a 401 (an expired token) is answered with a fresh token, once")
    func expiredTokenIsReplaced() async throws {
        var script = FakeAppStoreConnect.Script()
        script.expireTokenOn = "/v1/buildUploadFiles"
        let fixture = try await Fixture(script: script)
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(["wait": "false"]), progress: { _ in })
        #expect(fixture.fake.problems == [])
        #expect(fixture.fake.apiCalls.filter { $0 == "POST /v1/buildUploadFiles" }.count == 2)
        await fixture.finish()
    }

    @Test("processing longer than a token's life: tokens are renewed before they expire")
    func tokensRenewedDuringLongProcessing() async throws {
        var script = FakeAppStoreConnect.Script()
        script.processingStates = Array(repeating: "PROCESSING", count: 120) + ["VALID"]
        let fixture = try await Fixture(script: script)
        _ = try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(["wait_timeout": "45m"]), progress: { _ in })
        #expect(fixture.fake.problems == [])
        // 30 minutes of polls on a 20-minute token: the fake refuses expired ones, so a second
        // token was needed and made.
        #expect(fixture.fake.tokens.count >= 2)
        await fixture.finish()
    }

    @Test("FAILED with Apple's state errors fails, quoting them as they are")
    func failedWithStateErrors() async throws {
        var script = FakeAppStoreConnect.Script()
        script.finalUploadState = "FAILED"
        script.uploadErrors = [
            ["code": "90062", "message": "The value for key CFBundleShortVersionString [1.4.0] must contain a higher version."]
        ]
        script.uploadWarnings = [["code": "90725", "message": "SDK version issue."]]
        let fixture = try await Fixture(script: script)
        let error = await #expect(throws: UploadError.self) {
            try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(), progress: { _ in })
        }
        #expect(
            error?.message == """
                App Store Connect refused the build (upload \(FakeAppStoreConnect.uploadID), FAILED):
                  90062: The value for key CFBundleShortVersionString [1.4.0] must contain a higher version.
                """)
        #expect(error?.reason == .uploadRejected)
        #expect(fixture.log.lines.contains("App Store Connect warning: 90725: SDK version issue."))
        await fixture.finish()
    }

    @Test("still PROCESSING past wait_timeout: gives up, saying what it waited for")
    func waitTimeout() async throws {
        var script = FakeAppStoreConnect.Script()
        script.processingStates = ["PROCESSING"]
        let fixture = try await Fixture(script: script)
        let error = await #expect(throws: UploadError.self) {
            try await fixture.uploader(shell: await Self.unzip()).upload(fixture.request(["wait_timeout": "2m"]), progress: { _ in })
        }
        #expect(
            error?.message
                == "gave up waiting after 2m: build b0ild-812 is PROCESSING (raise 'wait_timeout:', or 'wait: false' to stop after the upload)"
        )
        #expect(fixture.clock.sleeps.reduce(0, +) <= 120)
        await fixture.finish()
    }

    @Test("a cancelled wait (lane timeout, SIGTERM) ends at once")
    func cancelledWait() async throws {
        var script = FakeAppStoreConnect.Script()
        script.processingStates = ["PROCESSING"]
        let fixture = try await Fixture(script: script)
        let uploader = fixture.uploader(shell: await Self.unzip())
        let request = fixture.request(["wait_timeout": "20d"])
        let task = Task { try await uploader.upload(request, progress: { _ in }) }
        // Bounded: a failure before processing must fail the test, not hang it.
        await waitUntil("the uploader polls the build's processing state") { fixture.fake.apiCalls.contains("GET /v1/builds/b0ild-812") }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        await fixture.finish()
    }

    @Test("notes, groups and review after VALID; the result names the groups")
    func testFlightDistribution() async throws {
        var script = FakeAppStoreConnect.Script()
        script.existingLocalizations = ["en-US": "loc-1"]
        let fixture = try await Fixture(script: script)
        let receipt = try await fixture.uploader(shell: await Self.unzip()).upload(
            fixture.request(
                ["notes": "Try the new lanes", "submit_for_review": "true", "app_id": FakeAppStoreConnect.appID],
                lists: ["groups": ["QA"]]),
            progress: { _ in })
        #expect(fixture.fake.problems == [])
        #expect(
            Array(fixture.fake.apiCalls.suffix(4)) == [
                "GET /v1/builds/b0ild-812/betaBuildLocalizations", "PATCH /v1/betaBuildLocalizations/loc-1",
                "POST /v1/betaGroups/g-qa/relationships/builds", "POST /v1/betaAppReviewSubmissions",
            ])
        #expect(!fixture.fake.apiCalls.contains("GET /v1/apps"))
        #expect(
            receipt.verification?.confirmation
                == "build 1.4.0 (812) VALID in App Store Connect, in groups QA, submitted for beta review")
        await fixture.finish()
    }

    @Test("an unknown group fails before any byte is sent, listing the groups that exist")
    func unknownGroup() async throws {
        let fixture = try await Fixture()
        let error = await #expect(throws: UploadError.self) {
            try await fixture.uploader(shell: await Self.unzip()).upload(
                fixture.request(lists: ["groups": ["QA", "Interns"]]), progress: { _ in })
        }
        #expect(error?.message == "no beta group named 'Interns' in App Store Connect; the app has Beta Testers, QA")
        #expect(fixture.fake.parts.isEmpty)
        #expect(!fixture.fake.apiCalls.contains("POST /v1/buildUploads"))
        await fixture.finish()
    }

    @Test("a wrong key is reported with Apple's words and its id, which is no secret")
    func wrongKeyIsRejected() async throws {
        let fixture = try await Fixture()
        var request = fixture.request()
        request.parameters["key_id"] = .scalar(Template("WRONGKEY99"))
        let error = await #expect(throws: UploadError.self) {
            try await fixture.uploader(shell: await Self.unzip()).upload(request, progress: { _ in })
        }
        // Apple answers a token signed for another key 401, as the fake's gate does.
        #expect(error?.message.contains("HTTP 401, NOT_AUTHORIZED") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("check the API key WRONGKEY99, its issuer id and its role") == true, "\(error?.message ?? "")")
        await fixture.finish()
    }
}
