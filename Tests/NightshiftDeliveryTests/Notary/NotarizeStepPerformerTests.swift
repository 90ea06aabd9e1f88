import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

@Suite("Notarize step performer", .temporaryDirectory)
struct NotarizeStepPerformerTests {
    static let secrets = [FakeNotaryService.secretAccessKey, FakeNotaryService.sessionToken, FakeNotaryService.logSignature]

    @Test("Accepted: one submission, recorded in the journal before the upload, log fetched, stapled and verified")
    func accepted() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["In Progress", "In Progress", "Accepted"]
        script.issues = [
            [
                "severity": "warning", "path": "App.dmg/App.app/Contents/MacOS/App",
                "message": "The binary uses an SDK older than the 10.9 SDK.",
            ]
        ]
        let fixture = try await NotaryFixture(script: script)
        await fixture.scriptStapling()
        let output = StepOutput()
        let error = await fixture.run(fixture.step(), runID: "1", output: output)
        #expect(error == nil, "\(String(describing: error))")
        #expect(fixture.service.problems.isEmpty)
        #expect(fixture.service.submissions == 1)
        #expect(fixture.service.submissionBodies.first?["sha256"] as? String == fixture.sha256)
        #expect(fixture.service.submissionBodies.first?["submissionName"] as? String == "App.dmg")
        let upload = try #require(fixture.upload.calls.first)
        #expect(fixture.upload.calls.count == 1)
        #expect(upload.bucket == FakeNotaryService.bucket && upload.key == FakeNotaryService.object && upload.region == "us-west-2")
        #expect(upload.credentials.sessionToken == FakeNotaryService.sessionToken)
        #expect(upload.endpoint?.absoluteString == "http://127.0.0.1:9")
        // The id, the SHA-256 and the object were in the journal before the upload started.
        let noted = try #require(upload.notedBefore.last)
        #expect(noted["submission_id"] == FakeNotaryService.submissionID)
        #expect(noted["sha256"] == fixture.sha256)
        #expect(noted["object"] == FakeNotaryService.object && noted["bucket"] == FakeNotaryService.bucket)
        #expect(!noted.values.contains { Self.secrets.contains($0) })
        #expect(fixture.service.apiCalls.filter { $0.hasSuffix("/logs") }.count == 1)
        #expect(fixture.service.apiCalls.contains("GET /developer-log"))
        #expect(
            await fixture.shell.argvs.map { $0.prefix(3).joined(separator: " ") } == [
                "xcrun --find stapler", "xcrun stapler staple", "xcrun stapler validate", "spctl --assess --type",
                "codesign --verify --deep",
            ])
        #expect(output.text.contains("warning: App.dmg/App.app/Contents/MacOS/App: The binary uses an SDK older than the 10.9 SDK."))
        #expect(output.text.contains("Apple accepted App.dmg (submission \(FakeNotaryService.submissionID)), with 1 warning"))
        for secret in Self.secrets { #expect(!output.text.contains(secret), "\(secret) leaked") }
        // The project's record: owner-only, no credential; the credentials' state file is gone.
        let record = fixture.folder + "/.nightshift/notary/\(fixture.sha256).json"
        let text = try String(contentsOfFile: record, encoding: .utf8)
        #expect(text.contains(FakeNotaryService.submissionID) && text.contains("Accepted"))
        for secret in Self.secrets { #expect(!text.contains(secret)) }
        #expect(FilePermissions.of(record) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/.nightshift/runs/mac/1/notary-upload.json"))
    }

    @Test("--json's details: submission_id and the status")
    func details() async throws {
        let fixture = try await NotaryFixture()
        await fixture.scriptStapling()
        let output = StepOutput()
        let step = fixture.step()
        let context = fixture.context(step, runID: "1", output: output)
        let performer = fixture.performer()
        let task = Task { try await performer.perform(step, in: context) }
        while await context.details.all["notarization_status"] == nil {
            if fixture.clock.sleeperCount > 0 {
                fixture.clock.advance(by: .seconds(15))
            } else {
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        _ = try await task.value
        #expect(await context.details.all == ["submission_id": FakeNotaryService.submissionID, "notarization_status": "Accepted"])
    }

    @Test(
        "Invalid and Rejected fail with the status and each issue's path and message; nothing is stapled",
        arguments: ["Invalid", "Rejected"])
    func refused(status: String) async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["In Progress", status]
        script.statusSummary = "Archive contains critical validation errors"
        script.issues = [
            [
                "severity": "error", "path": "App.dmg/App.app/Contents/MacOS/App",
                "message": "The binary is not signed with a valid Developer ID certificate.", "architecture": "arm64",
            ],
            [
                "severity": "error", "path": "App.dmg/App.app/Contents/MacOS/App",
                "message": "The executable does not have the hardened runtime enabled.",
            ],
        ]
        let fixture = try await NotaryFixture(script: script)
        let failure = try await fixture.failure(of: fixture.step())
        #expect(failure.reason == .notarizationRejected)
        #expect(
            failure.message.hasPrefix(
                "Apple's notary service judged App.dmg \(status) (submission \(FakeNotaryService.submissionID)): Archive contains critical validation errors"
            ))
        #expect(
            failure.message.contains(
                "  error: App.dmg/App.app/Contents/MacOS/App (arm64): The binary is not signed with a valid Developer ID certificate."))
        #expect(
            failure.message.contains(
                "  error: App.dmg/App.app/Contents/MacOS/App: The executable does not have the hardened runtime enabled."))
        #expect(await fixture.shell.argvs.isEmpty)
        #expect(fixture.service.apiCalls.contains("GET /developer-log"))
    }

    @Test("wait_timeout on the lane's clock: every poll, then exit 1 with the id and the command that checks it")
    func timeout() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["In Progress"]
        let fixture = try await NotaryFixture(script: script)
        let start = fixture.clock.now
        let error = await fixture.run(fixture.step(waitTimeout: .seconds(60), poll: .seconds(15)), runID: "1")
        let failure = try #require(error as? StepFailure)
        #expect(failure.reason == .notarizationUnfinished)
        #expect(failure.message.contains("gave up waiting after 1m"))
        #expect(failure.message.contains("submission \(FakeNotaryService.submissionID) is still In Progress"))
        #expect(failure.message.contains("xcrun notarytool info \(FakeNotaryService.submissionID) --key AuthKey_<key id>.p8"))
        // At 0, 15, 30, 45 and 60 seconds.
        #expect(fixture.service.apiCalls.filter { $0 == "GET /notary/v2/submissions/\(FakeNotaryService.submissionID)" }.count == 5)
        #expect(fixture.clock.now.timeIntervalSince(start) == 60)
        #expect(!fixture.service.apiCalls.contains { $0.hasSuffix("/logs") })
    }

    @Test("a connection dropped during the wait is retried; the log that 404s after the verdict is asked for again")
    func droppedConnection() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["In Progress", "In Progress", "Accepted"]
        script.droppedStatusChecks = [1]
        script.logNotReady = 1
        let fixture = try await NotaryFixture(script: script)
        await fixture.scriptStapling()
        let error = await fixture.run(fixture.step(), runID: "1")
        #expect(error == nil, "\(String(describing: error))")
        #expect(fixture.service.problems.isEmpty)
        #expect(fixture.service.submissions == 1)
        #expect(fixture.service.apiCalls.filter { $0.hasSuffix("/logs") }.count == 2)
    }

    @Test("connection lost for good: exit 1 with the id and the manual check")
    func lostForGood() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["In Progress"]
        script.droppedStatusChecks = Set(1..<200)
        let fixture = try await NotaryFixture(script: script)
        let failure = try await fixture.failure(of: fixture.step())
        #expect(failure.reason == .notarizationUnfinished)
        #expect(failure.message.contains("lost the connection to Apple's notary service 8 polls in a row"))
        #expect(failure.message.contains("xcrun notarytool info \(FakeNotaryService.submissionID)"))
    }

    @Test("an expired token (401) is re-minted once and the wait goes on")
    func expiredToken() async throws {
        var script = FakeNotaryService.Script()
        script.expireTokenOnce = "/submissions/\(FakeNotaryService.submissionID)"
        let fixture = try await NotaryFixture(script: script)
        await fixture.scriptStapling()
        let error = await fixture.run(fixture.step(), runID: "1")
        #expect(error == nil, "\(String(describing: error))")
        #expect(fixture.service.problems.isEmpty)
        #expect(fixture.service.submissions == 1)
    }

    @Test("a wait longer than a token's 20 minutes signs new tokens")
    func longWait() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = Array(repeating: "In Progress", count: 100) + ["Accepted"]
        let fixture = try await NotaryFixture(script: script)
        await fixture.scriptStapling()
        let error = await fixture.run(fixture.step(poll: .seconds(30)), runID: "1")
        #expect(error == nil, "\(String(describing: error))")
        // The fake refuses an expired token: 50 minutes of polls passed only with fresh ones.
        #expect(fixture.service.problems.isEmpty)
    }

    @Test("the same file run again: the Accepted submission is reused and named, nothing is sent again")
    func sameFileAgain() async throws {
        let fixture = try await NotaryFixture()
        await fixture.scriptStapling()
        #expect(await fixture.run(fixture.step(), runID: "1") == nil)
        let output = StepOutput()
        await fixture.scriptStapling()
        #expect(await fixture.run(fixture.step(), runID: "2", output: output) == nil)
        #expect(fixture.service.submissions == 1)
        #expect(fixture.upload.calls.count == 1)
        #expect(output.text.contains("was submitted on"))
        #expect(output.text.contains("as submission \(FakeNotaryService.submissionID), last seen Accepted: using it, not submitting again"))
    }

    @Test("killed between the submission and the end of its upload: the next run finishes that upload, submits nothing")
    func resumeDuringUpload() async throws {
        let fixture = try await NotaryFixture()
        fixture.upload.failures = 1
        let first = await fixture.run(fixture.step(), runID: "1")
        #expect(first is CancellationError)
        // The credentials were kept owner-only in the run folder for this, and only there.
        let state = fixture.folder + "/.nightshift/runs/mac/1/notary-upload.json"
        #expect(FilePermissions.of(state) == 0o600)
        await fixture.scriptStapling()
        let output = StepOutput()
        let second = await fixture.run(fixture.step(), runID: "2", output: output)
        #expect(second == nil, "\(String(describing: second))")
        #expect(fixture.service.submissions == 1)
        #expect(fixture.upload.calls.count == 2)
        #expect(fixture.upload.calls.map(\.key) == [FakeNotaryService.object, FakeNotaryService.object])
        #expect(output.text.contains("continuing the upload of submission \(FakeNotaryService.submissionID)"))
        for secret in Self.secrets { #expect(!output.text.contains(secret)) }
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    @Test("killed during the wait: the next run waits on the same submission, uploads nothing")
    func resumeDuringWait() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["In Progress"]
        let fixture = try await NotaryFixture(script: script)
        _ = await fixture.run(fixture.step(waitTimeout: .seconds(30)), runID: "1")
        fixture.service.update { $0.statuses = ["Accepted"] }
        await fixture.scriptStapling()
        let second = await fixture.run(fixture.step(), runID: "2")
        #expect(second == nil, "\(String(describing: second))")
        #expect(fixture.service.submissions == 1)
        #expect(fixture.upload.calls.count == 1)
    }

    @Test("--resume: the journal's note for the step names the submission even without the project's record")
    func journalNote() async throws {
        let fixture = try await NotaryFixture()
        await fixture.scriptStapling()
        let earlier = ["submission_id": FakeNotaryService.submissionID, "sha256": fixture.sha256]
        let error = await fixture.run(fixture.step(), runID: "1", earlier: earlier)
        #expect(error == nil, "\(String(describing: error))")
        #expect(fixture.service.submissions == 0)
        #expect(fixture.upload.calls.isEmpty)
    }

    @Test("a run cut off before Apple's answer was recorded: nothing is submitted automatically")
    func pendingRecord() async throws {
        let fixture = try await NotaryFixture()
        try fixture.savePendingRecord()
        let error = await fixture.run(fixture.step(), runID: "2")
        let failure = try #require(error as? StepFailure)
        #expect(failure.message.contains("not submitting the same bytes again automatically"))
        #expect(fixture.service.submissions == 0)
    }

    @Test("a .zip is not stapled (Apple cannot), and where xcrun stapler is absent nothing is, each with a note")
    func skippedStaple() async throws {
        let zip = try await NotaryFixture(fileName: "App.zip")
        let output = StepOutput()
        #expect(await zip.run(zip.step(), runID: "1", output: output) == nil)
        #expect(output.text.contains("note: not stapling App.zip: Apple cannot staple a ticket to a .zip"))
        #expect(await zip.shell.argvs.isEmpty)

        let linux = try await NotaryFixture()
        await linux.shell.on(["xcrun"], .launchFailure("No such file or directory"))
        let lines = StepOutput()
        #expect(await linux.run(linux.step(), runID: "1", output: lines) == nil)
        #expect(lines.text.contains("note: not stapling: 'xcrun stapler' is not available here"))
    }

    @Test("a staple that fails says what Apple's tool said")
    func stapleFails() async throws {
        let fixture = try await NotaryFixture()
        await fixture.shell.on(["xcrun", "--find", "stapler"], .output([], .exited(0)))
        await fixture.shell.on(
            ["xcrun", "stapler", "staple"],
            .output(
                [
                    (
                        .standardError,
                        "Processing: App.dmg\nCloudKit query for App.dmg failed due to \"Record not found\".\nThe staple and validate action failed! Error 65.\n"
                    )
                ], .exited(65)))
        let failure = try await fixture.failure(of: fixture.step())
        #expect(failure.reason == .stapleFailed)
        #expect(failure.message.contains("xcrun stapler staple failed (exit code 65): Apple's tool said"))
        #expect(failure.message.contains("The staple and validate action failed! Error 65."))
    }

    @Test("spctl's type follows spctl(8): execute for an .app, open with the primary signature for a .dmg, install for a .pkg")
    func assessments() {
        #expect(
            NotarizedFileCheck.commands(for: .test("/b/App.app")).map(\.argv).contains([
                "spctl", "--assess", "--type", "execute", "-v", "/b/App.app",
            ]))
        #expect(
            NotarizedFileCheck.commands(for: .test("/b/App.dmg")).map(\.argv).contains([
                "spctl", "--assess", "--type", "open", "--context", "context:primary-signature", "-v", "/b/App.dmg",
            ]))
        let pkg = NotarizedFileCheck.commands(for: .test("/b/App.pkg")).map(\.argv)
        #expect(pkg.contains(["spctl", "--assess", "--type", "install", "-v", "/b/App.pkg"]))
        #expect(pkg.contains(["pkgutil", "--check-signature", "/b/App.pkg"]))
        #expect(NotarizedFileCheck.commands(for: .test("/b/App.zip")).isEmpty)
    }

    @Test("dry run: the file, its SHA-256 and the requests it would make; none is made")
    func dryRun() async throws {
        let fixture = try await NotaryFixture()
        let output = StepOutput()
        #expect(await fixture.run(fixture.step(), runID: "1", output: output, dryRun: true) == nil)
        let file = fixture.file
        #expect(
            output.text == """
                would notarize \(file) (sha256 \(fixture.sha256)) with key \(FakeNotaryService.keyID)
                  POST \(fixture.service.endpoint)/notary/v2/submissions (submissionName App.dmg, sha256) with an ES256 token
                  upload App.dmg to the S3 bucket and object Apple returns, with its temporary credentials
                  GET /notary/v2/submissions/<id> every 15s, at most 1h, until Accepted, Invalid or Rejected
                  GET /notary/v2/submissions/<id>/logs, then the developer log it names
                  then xcrun stapler staple \(file) (macOS)
                  then xcrun stapler validate \(file) (macOS)
                  then spctl --assess --type open --context context:primary-signature -v \(file) (macOS)
                  then codesign --verify --deep --strict --verbose=2 \(file) (macOS)

                """)
        #expect(fixture.service.apiCalls.isEmpty)
        #expect(fixture.upload.calls.isEmpty)
        #expect(await fixture.shell.argvs.isEmpty)
    }

    @Test("method: notarytool: submit without --wait, info polled on the clock, its JSON read, the same records")
    func notarytool() async throws {
        let fixture = try await NotaryFixture()
        let id = "c00fe84b-95f2-4890-b7ea-019a7f546abd"
        await fixture.shell.on(
            ["xcrun", "notarytool", "submit"],
            .output([(.standardOutput, #"{"id":"\#(id)","message":"Successfully uploaded file","path":"\#(fixture.file)"}"#)], .exited(0)))
        await fixture.shell.on(
            ["xcrun", "notarytool", "info"],
            .output(
                [
                    (
                        .standardOutput,
                        #"{"createdDate":"2026-11-26T01:38:09.498Z","id":"\#(id)","message":"Successfully received submission info","name":"App.dmg","status":"In Progress"}"#
                    )
                ], .exited(0)),
            .output(
                [
                    (
                        .standardOutput,
                        #"{"createdDate":"2026-11-26T01:38:09.498Z","id":"\#(id)","message":"Successfully received submission info","name":"App.dmg","status":"Accepted"}"#
                    )
                ], .exited(0)))
        await fixture.shell.on(
            ["xcrun", "notarytool", "log"],
            .output(
                [(.standardOutput, #"{"jobId":"\#(id)","status":"Accepted","statusSummary":"Ready for distribution","issues":null}"#)],
                .exited(0)))
        await fixture.scriptStapling()
        let error = await fixture.run(fixture.step(method: .notarytool), runID: "1")
        #expect(error == nil, "\(String(describing: error))")
        let submit = try #require(await fixture.shell.argvs.first { $0.starts(with: ["xcrun", "notarytool", "submit"]) })
        #expect(!submit.contains("--wait"))
        #expect(Array(submit.suffix(2)) == ["--output-format", "json"])
        let keyPath = try #require(submit.firstIndex(of: "--key").map { submit[$0 + 1] })
        #expect(keyPath.hasSuffix("/AuthKey_\(FakeNotaryService.keyID).p8"))
        #expect(!FileManager.default.fileExists(atPath: keyPath), "the key file outlived the step")
        #expect(await fixture.shell.argvs.filter { $0.starts(with: ["xcrun", "notarytool", "info"]) }.count == 2)
        #expect(fixture.notes.recorded.last?["submission_id"] == id)
        #expect(NotarySubmissionRecords(stateDirectory: fixture.folder + "/.nightshift").record(sha256: fixture.sha256)?.submissionID == id)
    }
}
