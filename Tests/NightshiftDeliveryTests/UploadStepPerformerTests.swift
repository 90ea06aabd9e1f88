import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftFakeTransport
import NightshiftTestSupport
import Testing

@Suite("Upload step performer", .temporaryDirectory)
struct UploadStepPerformerTests {
    /// Records requests and answers with a fixed receipt, reporting progress on the way.
    final class RecordingUploader: Uploader, @unchecked Sendable {
        private let lock = NSLock()
        private var received: [UploadRequest] = []
        var failure: UploadError?
        var verification = UploadVerification.sent(FileDigest(size: 100, sha256: "ab12"))
        var details: [String: String] = [:]
        var requests: [UploadRequest] { lock.withLock { received } }

        func upload(_ request: UploadRequest, progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> UploadReceipt {
            lock.withLock { received.append(request) }
            progress(UploadProgress(bytesSent: 0, totalBytes: 100))
            progress(UploadProgress(bytesSent: 100, totalBytes: 100))
            if let failure { throw failure }
            return UploadReceipt(location: "https://store.example/builds/42", verification: verification, details: details)
        }
    }

    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
        func append(_ chunk: [UInt8]) { lock.withLock { bytes += chunk } }
    }

    final class ProgressLines: @unchecked Sendable {
        private let lock = NSLock()
        private var shown: [String?] = []
        var all: [String?] { lock.withLock { shown } }
        func show(_ text: String?) { lock.withLock { shown.append(text) } }
    }

    func context(
        _ step: Step, environment: EnvironmentVariables = [:], dryRun: Bool = false, exports: RunExports = RunExports(), output: Output,
        progress: ProgressLines = ProgressLines(), shell: ScriptedShellRunner = ScriptedShellRunner(), directory: String? = nil
    ) -> StepContext {
        // The secrets a run of this file starts with: the declared secret's value, whatever the test's variables.
        let lanesFile = LanesFile(path: "lanes.yml", project: Project(name: "Demo"), secrets: ["UPLOAD_TOKEN"])
        var environment = environment
        environment["UPLOAD_TOKEN"] = "hunter2-token"
        return StepContext(
            lanesFile: lanesFile, lane: Lane(name: "nightly", steps: [step]),
            step: step, configuration: nil, environment: environment,
            folders: RunFolders(root: .test("/tmp/ns"), lane: "nightly", runID: "1"),
            shell: shell, clock: ManualClock(), secrets: RunSecrets(secrets: lanesFile.secretValues(in: environment)),
            cleanup: CleanupStack(), exports: exports, directory: directory, isDryRun: dryRun, emit: { _, bytes in output.append(bytes) },
            progress: { text in progress.show(text) }
        )
    }

    func uploadStep(_ destination: String, _ values: [String: Template], maps: [String: [String: Template]] = [:]) -> Step {
        var parameters = values.mapValues { UploadParameter.scalar($0) }
        for (key, map) in maps { parameters[key] = .map(map) }
        return Step(.upload(UploadTarget(destinationName: destination, parameters: parameters)))
    }

    @Test("uploads the exported .ipa by default, logs progress and the location, and exports NIGHTSHIFT_UPLOAD_URL")
    func uploadsExportedIPA() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let ipa = try scratch.file("App.ipa", bytes: 100)
        let uploader = RecordingUploader()
        let exports = RunExports()
        await exports.set("NIGHTSHIFT_IPA_PATH", ipa)
        let output = Output()
        let step = uploadStep("http", ["url": "https://store.example/${TEAM}/App.ipa"])
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: false)
        let termination = try await performer.perform(
            step, in: context(step, environment: ["TEAM": "ios"], exports: exports, output: output))
        #expect(termination == .exited(0))
        let request = try #require(uploader.requests.first)
        #expect(request.file.string == ipa)
        #expect(request.settings.string("url") == "https://store.example/ios/App.ipa")
        #expect(output.text.contains("uploading 100% 0.0 MB of 0.0 MB\n"))
        #expect(
            output.text.contains(
                "uploaded App.ipa to https://store.example/builds/42\nsent: size 100 bytes, sha256 ab12 (not confirmed by the destination)\n"
            ))
        #expect(await exports.all["NIGHTSHIFT_UPLOAD_URL"] == "https://store.example/builds/42")
    }

    @Test("what the destination confirmed is the result line, and its ids go to the step's details for the JSON report")
    func confirmedBuildGoesToDetails() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let uploader = RecordingUploader()
        uploader.verification = .confirmed(
            FileDigest(size: 100, sha256: "ab12"), "build 1.4.0 (812) VALID in App Store Connect, in groups QA")
        uploader.details = ["build_id": "b-812", "processing_state": "VALID"]
        let output = Output()
        let step = uploadStep("http", ["url": "https://store.example/App.ipa", "file": Template(try scratch.file("App.ipa", bytes: 100))])
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: false)
        let context = context(step, output: output)
        _ = try await performer.perform(step, in: context)
        #expect(
            output.text.contains(
                "verified: build 1.4.0 (812) VALID in App Store Connect, in groups QA (size 100 bytes, sha256 ab12)\n"))
        #expect(await context.details.all == ["build_id": "b-812", "processing_state": "VALID"])
    }

    @Test("on a live terminal progress is redrawn in place, then cleared and left as one plain line")
    func liveProgressRedrawsInPlace() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let uploader = RecordingUploader()
        let output = Output()
        let progress = ProgressLines()
        let step = uploadStep("http", ["url": "https://store.example/App.ipa", "file": Template(try scratch.file("App.ipa", bytes: 100))])
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: true)
        _ = try await performer.perform(step, in: context(step, output: output, progress: progress))
        // Updates the display has not caught up with are dropped (newest wins); the last always shows.
        #expect(progress.all.suffix(2) == ["uploading 100% 0.0 MB of 0.0 MB", nil])
        #expect(progress.all.dropLast().allSatisfy { $0?.hasPrefix("uploading ") == true })
        #expect(
            output.text
                == "uploading 100% 0.0 MB of 0.0 MB\nuploaded App.ipa to https://store.example/builds/42\nsent: size 100 bytes, sha256 ab12 (not confirmed by the destination)\n"
        )
    }

    @Test("the upload's credentials are masked in its lines even when their variables are not secret by name")
    func credentialsFromPlainVariablesAreMasked() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let uploader = RecordingUploader()
        uploader.failure = UploadError(.http, "HTTP 403 Forbidden: Basic dXNlcjpwYXNz is not allowed")
        let step = uploadStep(
            "http", ["url": "https://x.example/", "file": Template(try scratch.file("A.ipa", bytes: 1))],
            maps: ["headers": ["Authorization": "Basic ${STORE_LOGIN}"]])
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: false)
        let context = context(step, environment: ["STORE_LOGIN": "dXNlcjpwYXNz"], output: Output())
        let failure = await #expect(throws: StepFailure.self) { try await performer.perform(step, in: context) }
        // The engine records the message masked with the run's secrets, which now hold the login.
        #expect(failure?.reason == .uploadFailed)
        #expect(
            failure.map { context.secrets.mask($0.message) } == "upload to http failed: HTTP 403 Forbidden: Basic ******** is not allowed")
        #expect(uploader.requests.first?.masker.mask("dXNlcjpwYXNz") == "********")
    }

    @Test("dry run prints method, URL and file, masks credentials, and uploads nothing")
    func dryRunDescribes() async throws {
        let uploader = RecordingUploader()
        let output = Output()
        let step = uploadStep(
            "http", ["url": "https://store.example/up?sig=${SIG}", "method": "post", "file": "/out/App.ipa"],
            maps: ["headers": ["Authorization": "Bearer ${TOKEN}", "X-Team": "ios"]])
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: false)
        _ = try await performer.perform(
            step, in: context(step, environment: ["TOKEN": "hunter2-token", "SIG": "s"], dryRun: true, output: output))
        #expect(uploader.requests.isEmpty)
        #expect(
            output.text
                == "would POST /out/App.ipa as multipart/form-data to https://store.example/up\n  headers: Authorization: ********, X-Team: ios\n"
        )
    }

    @Test("dry run of testflight's API: the requests in order, key masked, nothing run or sent")
    func dryRunTestFlightAPI() async throws {
        let output = Output()
        let shell = ScriptedShellRunner()
        let step = uploadStep(
            "testflight",
            [
                "file": "/out/App.ipa", "key_id": "K", "issuer_id": "I", "notes": "n", "submit_for_review": "true", "wait_timeout": "45m",
                "groups": "QA",
            ])
        let performer = UploadStepPerformer(registry: UploaderRegistry(), isInteractive: false)
        _ = try await performer.perform(step, in: context(step, dryRun: true, output: output, shell: shell))
        #expect(await shell.commands.isEmpty)
        #expect(
            output.text == """
                would upload /out/App.ipa to App Store Connect through its API at https://api.appstoreconnect.apple.com, \
                signed in with key K (ES256 token)
                  read CFBundleShortVersionString, CFBundleVersion and CFBundleIdentifier from App.ipa (unzip)
                  GET /v1/apps?filter[bundleId]=<the .ipa's bundle id>
                  GET /v1/betaGroups?filter[app]=<app id> (check QA exist)
                  POST /v1/buildUploads (the .ipa's version and build)
                  POST /v1/buildUploadFiles (App.ipa, its size, com.apple.ipa, ASSET)
                  send each upload operation Apple returns, 4 parts at a time, without Authorization
                  PATCH /v1/buildUploadFiles/<id> (uploaded, SHA-256)
                  GET /v1/buildUploads/<id> until COMPLETE, then GET /v1/builds/<id> until VALID (at most 45m)
                  GET /v1/builds/<id>/betaBuildLocalizations, then POST or PATCH What to Test (en-US)
                  POST /v1/betaGroups/<QA>/relationships/builds
                  POST /v1/betaAppReviewSubmissions

                """)
    }

    @Test("dry run of testflight with altool hands the altool command, with the key's ids, to the dry run's shell")
    func dryRunTestFlight() async throws {
        let output = Output()
        let shell = ScriptedShellRunner()
        await shell.on(["xcrun", "altool", "--upload-app"], .succeeds)
        let step = uploadStep("testflight", ["file": "/out/App.ipa", "key_id": "K", "issuer_id": "I", "method": "altool"])
        let performer = UploadStepPerformer(registry: UploaderRegistry(), isInteractive: false)
        _ = try await performer.perform(step, in: context(step, dryRun: true, output: output, shell: shell))
        #expect(
            await shell.argvs == [
                ["xcrun", "altool", "--upload-app", "-f", "/out/App.ipa", "-t", "ios", "--apiKey", "K", "--apiIssuer", "I"]
            ])
        #expect(await shell.commands.first?.environment["API_PRIVATE_KEYS_DIR"] == "<temporary>/private_keys")
        #expect(output.text.isEmpty)
    }

    @Test(
        "dry run of the HTTP destinations describes the requests",
        arguments: [
            ("folder", "would copy /out/App.ipa to /Volumes/builds/App.ipa (temporary name, then rename)\n"),
            (
                "firebase",
                "would POST /out/App.ipa to https://firebaseappdistribution.googleapis.com/upload/v1/projects/42/apps/1:42:ios:ab/releases:upload\n  then set the release notes\n"
            ),
        ])
    func dryRunPerDestination(destination: String, expected: String) async throws {
        let output = Output()
        let step = uploadStep(
            destination,
            ["file": "/out/App.ipa", "key_id": "K", "issuer_id": "I", "path": "/Volumes/builds", "app": "1:42:ios:ab", "notes": "n"])
        let performer = UploadStepPerformer(registry: UploaderRegistry(), isInteractive: false)
        _ = try await performer.perform(step, in: context(step, dryRun: true, output: output))
        #expect(output.text == expected)
    }

    @Test("an uploader's failure becomes a StepFailure, which the run's secrets mask (the engine records it so)")
    func failureIsMasked() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let uploader = RecordingUploader()
        uploader.failure = UploadError(.http, "HTTP 401 Unauthorized: token hunter2-token rejected")
        let step = uploadStep("http", ["url": "https://x.example/", "file": Template(try scratch.file("A.ipa", bytes: 1))])
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: false)
        let context = context(step, output: Output())
        let failure = await #expect(throws: StepFailure.self) { try await performer.perform(step, in: context) }
        #expect(failure?.reason == .uploadFailed)
        #expect(failure.map { context.secrets.mask($0.message) } == "upload to http failed: HTTP 401 Unauthorized: token ******** rejected")
    }

    @Test("no file: and no export is a clear failure; so is an unknown destination")
    func missingFileAndDestination() async throws {
        let performer = UploadStepPerformer(registry: UploaderRegistry(), isInteractive: false)
        let step = uploadStep("http", ["url": "https://x.example/"])
        await #expect(
            throws: StepFailure("nothing to upload: set 'file:' or run an export step before this upload", reason: .nothingToUpload)
        ) {
            try await performer.perform(step, in: context(step, output: Output()))
        }
        let unknown = uploadStep("dropbox", ["file": "/out/App.ipa"])
        await #expect(throws: StepFailure.self) { try await performer.preflight([unknown], in: context(unknown, output: Output())) }
    }

    /// The folder was read against the nightshift process's own folder, so a lane run from
    /// elsewhere (a Jenkins workspace, `nightshift run -f app/lanes.yml`) copied somewhere else.
    @Test("a relative folder path: is read against the run's folder, as upload.file is, in a dry run too")
    func relativeFolderPath() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let share = try scratch.subdirectory("share")
        _ = try scratch.file("App.ipa", bytes: 100)
        let step = uploadStep("folder", ["file": "App.ipa", "path": "share", "attempts": "1"])
        let performer = UploadStepPerformer(
            registry: UploaderRegistry([.folder: FolderUploader(clock: ManualClock(), jitter: FixedJitter(unit: 0))]), isInteractive: false)
        let dryRun = Output()
        _ = try await performer.perform(step, in: context(step, dryRun: true, output: dryRun, directory: scratch.path))
        #expect(dryRun.text == "would copy App.ipa to \(share)/App.ipa (temporary name, then rename)\n")
        _ = try await performer.perform(step, in: context(step, output: Output(), directory: scratch.path))
        #expect(FileManager.default.contents(atPath: share + "/App.ipa")?.count == 100)
        let nul = uploadStep("folder", ["file": "App.ipa", "path": "share\0x"])
        await #expect(
            throws: StepFailure(
                #"upload.path is not a usable path: 'share\0x' holds a NUL byte, which no path can"#, reason: .invalidSetting)
        ) {
            try await performer.perform(nul, in: context(nul, output: Output(), directory: scratch.path))
        }
    }

    /// A FIFO held a blocking open, and the run with it, past SIGTERM (the folder destination).
    @Test(
        "a FIFO, a device or a folder as upload.file fails at once, saying what it is; no uploader is asked",
        arguments: NotAFile.allCases)
    func notARegularFile(kind: NotAFile) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (path, reason) = try scratch.notAFile(kind, named: "App.ipa")
        await expectRefused(path, saying: reason)
    }

    /// The system's reason, not a guess: a file that is there but unreadable is not "missing".
    @Test("a missing upload.file and an unreadable one each fail with the system's reason; no uploader is asked")
    func unopenableFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let locked = try scratch.file("Locked.ipa", bytes: 10)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: locked) }
        let unreadable = FileManager.default.isReadableFile(atPath: locked) ? nil : "Permission denied"  // root reads it anyway
        await expectRefused(scratch.path + "/Gone.ipa", saying: "No such file or directory")
        if let unreadable { await expectRefused(locked, saying: unreadable) }
    }

    /// An upload of `path` fails before any uploader is asked, with `reason`.
    private func expectRefused(_ path: String, saying reason: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let uploader = RecordingUploader()
        let performer = UploadStepPerformer(registry: UploaderRegistry([.http: uploader]), isInteractive: false)
        let step = uploadStep("http", ["url": "https://x.example/", "file": Template(path)])
        await #expect(throws: StepFailure("cannot upload '\(path)': \(reason)", reason: .missingFile), sourceLocation: sourceLocation) {
            try await performer.perform(step, in: context(step, output: Output()))
        }
        #expect(uploader.requests.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("a key file's path, a notes file and a folder are read against the run's folder; a key given as content is left alone")
    func readAgainstTheRunFolder() throws {
        let runFolder = context(uploadStep("http", [:]), output: Output(), directory: "/srv/app")
        func read(_ destination: UploadDestination, _ values: [String: String]) throws -> [String: String] {
            let parameters = values.mapValues { UploadParameter.scalar(Template($0)) }
            return try UploadStepPerformer.readingPaths(parameters, destination: destination, in: runFolder).compactMapValues {
                if case .scalar(let value) = $0 { value.raw } else { nil }
            }
        }
        let pem = "-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----"
        #expect(
            try read(.testflight, ["private_key": "keys/AuthKey.p8", "key_id": "K"]) == [
                "private_key": "/srv/app/keys/AuthKey.p8", "key_id": "K",
            ])
        #expect(try read(.testflight, ["private_key": pem]) == ["private_key": pem])
        #expect(
            try read(.firebase, ["service_account": "ci/key.json", "notes_file": "../notes.txt"])
                == ["service_account": "/srv/app/ci/key.json", "notes_file": "/srv/notes.txt"])
        #expect(try read(.firebase, ["service_account": #"{"client_email": "a"}"#]) == ["service_account": #"{"client_email": "a"}"#])
        #expect(try read(.folder, ["path": "/Volumes/builds", "file": "App.ipa"]) == ["path": "/Volumes/builds", "file": "App.ipa"])
        #expect(try read(.http, ["url": "https://x.example/", "path": "p"]) == ["url": "https://x.example/", "path": "p"])
    }
}
