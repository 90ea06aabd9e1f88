import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// The submission's record against what can go wrong around it: a creation Apple refused or
/// never received, one cut off after Apple made it, two runs of the same bytes at once, and a
/// developer log that cannot be fetched once Apple has decided.
@Suite("Notary submissions: failed creations, concurrent runs, a log that fails", .temporaryDirectory)
struct NotarySubmissionSafetyTests {
    func recordPath(_ fixture: NotaryFixture) -> String { fixture.folder + "/.nightshift/notary/\(fixture.sha256).json" }

    func record(_ fixture: NotaryFixture) -> NotarySubmissionRecord? {
        NotarySubmissionRecords(stateDirectory: fixture.folder + "/.nightshift").record(sha256: fixture.sha256)
    }

    @Test(
        "a creation Apple answered with an error, or whose connection was never made, leaves no record: the next run submits",
        arguments: ["403", "refused"])
    func failedCreation(how: String) async throws {
        let fixture = try await NotaryFixture()
        let step: Step
        if how == "403" {
            fixture.service.update { $0.createFailures = [.status(403)] }
            step = fixture.step()
        } else {
            // Nothing listens there: the connection is refused before a byte is sent.
            step = Step(.notarize(NotarizeSettings(file: Template(fixture.file), endpoint: "http://127.0.0.1:9")))
        }
        let failure = try await fixture.failure(of: step)
        #expect(failure.message.contains("Apple made no submission, so running the lane again submits the file anew"), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: recordPath(fixture)), "the pending record outlived a creation that made nothing")
        #expect(fixture.upload.calls.isEmpty)

        await fixture.scriptStapling()
        let again = await fixture.run(fixture.step(), runID: "2")
        #expect(again == nil, "\(String(describing: again))")
        #expect(fixture.service.submissions == 1)
        #expect(record(fixture)?.submissionID == FakeNotaryService.submissionID)
    }

    @Test("a creation cut off after Apple made it: the record stays, and the next run takes the submission from Apple's list")
    func droppedCreation() async throws {
        var script = FakeNotaryService.Script()
        script.createFailures = [.dropAfterCreating]
        let fixture = try await NotaryFixture(script: script)
        let first = try await fixture.failure(of: fixture.step())
        #expect(first.message.contains("the request may have reached Apple"), "\(first.message)")
        #expect(record(fixture)?.submissionID == nil && record(fixture) != nil)

        let output = StepOutput()
        let second = try #require(await fixture.run(fixture.step(), runID: "2", output: output) as? StepFailure)
        #expect(fixture.service.submissions == 1, "submitted again")
        #expect(fixture.service.apiCalls.contains("GET /notary/v2/submissions"))
        // Apple's answer, with the upload's credentials, was lost: the file never reached Apple,
        // which has not decided, so no log proves the submission this file's (issue #38 §5).
        #expect(
            second.message.contains("\(FakeNotaryService.submissionID): still in progress, its SHA-256 not known until Apple decides"),
            "\(second.message)")
        #expect(second.message.contains("remove \(recordPath(fixture))"))
        #expect(record(fixture)?.submissionID == nil)
    }

    @Test("a pending record whose submission Apple already decided on: taken from Apple's list and waited on, nothing sent")
    func adoptsDecided() async throws {
        let fixture = try await NotaryFixture()
        try fixture.savePendingRecord()
        // Apple's clock a minute behind this machine's: within the allowance.
        let created = FakeNotaryService.appleDate(fixture.clock.now.addingTimeInterval(-60))
        fixture.service.update {
            $0.otherSubmissions = [
                [
                    "id": FakeNotaryService.submissionID, "name": "App.dmg", "createdDate": created, "status": "Accepted",
                    "sha256": fixture.sha256,
                ],
                ["id": "0b1c9a7e-1111-4a4a-9c9c-000000000001", "name": "Other.dmg", "createdDate": created, "status": "Accepted"],
            ]
        }
        await fixture.scriptStapling()
        let output = StepOutput()
        let error = await fixture.run(fixture.step(), runID: "2", output: output)
        #expect(error == nil, "\(String(describing: error)) \(output.text)")
        #expect(fixture.service.submissions == 0)
        #expect(fixture.upload.calls.isEmpty)
        #expect(output.text.contains("taking it as this file's"))
        #expect(record(fixture)?.status == "Accepted")
        #expect(fixture.notes.recorded.last?["submission_id"] == FakeNotaryService.submissionID)
    }

    @Test("a pending record matching no submission, or several, is still refused, naming the record to remove")
    func adoptionRefused() async throws {
        let fixture = try await NotaryFixture()
        let now = fixture.clock.now
        try fixture.savePendingRecord()
        // Ten minutes before the record: an earlier build's, not this one's.
        fixture.service.update {
            $0.otherSubmissions = [
                [
                    "id": FakeNotaryService.submissionID, "name": "App.dmg", "createdDate": FakeNotaryService.appleDate(now - 600),
                    "status": "Accepted",
                ]
            ]
        }
        let none = try await fixture.failure(of: fixture.step())
        #expect(none.message.contains("Apple's recent submissions hold none named 'App.dmg' since then"), "\(none.message)")
        #expect(none.message.contains("not submitting the same bytes again automatically"))
        #expect(none.message.contains("remove \(recordPath(fixture))"))

        fixture.service.update {
            $0.otherSubmissions = ["a", "b"].map {
                ["id": "\($0)", "name": "App.dmg", "createdDate": FakeNotaryService.appleDate(now + 30), "status": "In Progress"]
            }
        }
        let several = try await fixture.failure(of: fixture.step(), runID: "3")
        #expect(
            several.message.contains("named 'App.dmg' since then are not proven this file's (a: still in progress"), "\(several.message)")
        #expect(fixture.service.submissions == 0)
        #expect(record(fixture)?.submissionID == nil)
    }

    @Test(
        "a stranger's same-named submission made since, decided, of other bytes: refused, naming the record; the file's own among them is taken (issue #38 §5)"
    )
    func strangerNotAdopted() async throws {
        let fixture = try await NotaryFixture()
        try fixture.savePendingRecord()
        let created = FakeNotaryService.appleDate(fixture.clock.now.addingTimeInterval(30))
        let stranger: [String: String] = [
            "id": "5e1f0000-aaaa-4bbb-8ccc-000000000005", "name": "App.dmg", "createdDate": created, "status": "Accepted",
            "sha256": String(repeating: "ab", count: 32),
        ]
        fixture.service.update { $0.otherSubmissions = [stranger] }
        let refused = try await fixture.failure(of: fixture.step())
        #expect(
            refused.message.contains("\(stranger["id"]!): another file's, sha256 \(String(repeating: "ab", count: 32))"),
            "\(refused.message)")
        #expect(refused.message.contains("remove \(recordPath(fixture))"))
        #expect(fixture.service.submissions == 0)
        #expect(record(fixture)?.submissionID == nil)

        // The same list with this file's own decided submission too: that one, and only it, is taken.
        var own = stranger
        own["id"] = FakeNotaryService.submissionID
        own["sha256"] = fixture.sha256.uppercased()
        let both = [stranger, own]
        fixture.service.update { $0.otherSubmissions = both }
        await fixture.scriptStapling()
        let output = StepOutput()
        let error = await fixture.run(fixture.step(), runID: "3", output: output)
        #expect(error == nil, "\(String(describing: error)) \(output.text)")
        #expect(record(fixture)?.submissionID == FakeNotaryService.submissionID)
    }

    @Test("two runs notarizing the same bytes at once: one submits, the other waits for it and uses its submission")
    func concurrentRuns() async throws {
        let fixture = try await NotaryFixture()
        await fixture.scriptStapling()
        fixture.upload.hold()
        let (firstOutput, secondOutput) = (StepOutput(), StepOutput())
        async let first = fixture.run(fixture.step(), runID: "1", output: firstOutput)
        await waitUntil("the first run uploads") { !fixture.upload.calls.isEmpty }
        async let second = fixture.run(fixture.step(), runID: "2", output: secondOutput)
        await waitUntil("the second run waits for the first") { secondOutput.text.contains("waiting on another run's submission") }
        fixture.upload.release()
        let (one, two) = await (first, second)
        #expect(one == nil, "\(String(describing: one))")
        #expect(two == nil, "\(String(describing: two))")
        #expect(fixture.service.submissions == 1)
        #expect(fixture.service.apiCalls.filter { $0 == "POST /notary/v2/submissions" }.count == 1)
        #expect(fixture.upload.calls.count == 1, "the upload was continued beside the first run's")
        #expect(secondOutput.text.contains("as submission \(FakeNotaryService.submissionID)"))
        #expect(secondOutput.text.contains("using it, not submitting again"))
    }

    @Test(
        "a log that cannot be fetched once Apple decided: Accepted passes with a warning and is stapled, the record says Accepted",
        arguments: [FakeNotaryService.BrokenLog.serverError, .undecodable])
    func acceptedWithoutLog(broken: FakeNotaryService.BrokenLog) async throws {
        var script = FakeNotaryService.Script()
        script.brokenLogs = 1000
        script.brokenLog = broken
        let fixture = try await NotaryFixture(script: script)
        await fixture.scriptStapling()
        let output = StepOutput()
        let error = await fixture.run(fixture.step(), runID: "1", output: output)
        #expect(error == nil, "\(String(describing: error))")
        #expect(output.text.contains("warning: could not fetch the notary log: "), "\(output.text)")
        #expect(output.text.contains("Apple accepted App.dmg (submission \(FakeNotaryService.submissionID))"))
        #expect(await fixture.shell.argvs.contains { $0.starts(with: ["xcrun", "stapler", "staple"]) })
        #expect(record(fixture)?.status == "Accepted")
        #expect(!output.text.contains(FakeNotaryService.logSignature))
    }

    @Test("a log that cannot be fetched on an Invalid verdict: the step still fails with the status, recorded")
    func invalidWithoutLog() async throws {
        var script = FakeNotaryService.Script()
        script.statuses = ["Invalid"]
        script.brokenLogs = 1000
        script.brokenLog = .undecodable
        let fixture = try await NotaryFixture(script: script)
        let failure = try await fixture.failure(of: fixture.step())
        #expect(failure.reason == .notarizationRejected)
        #expect(failure.message.contains("judged App.dmg Invalid (submission \(FakeNotaryService.submissionID))"))
        #expect(failure.message.contains("the log could not be fetched"))
        #expect(record(fixture)?.status == "Invalid")
        #expect(await fixture.shell.argvs.isEmpty)
    }

    @Test("an empty file is refused before any request")
    func emptyFile() async throws {
        let fixture = try await NotaryFixture()
        try Data().write(to: URL(fileURLWithPath: fixture.file))
        let failure = try await fixture.failure(of: fixture.step())
        #expect(failure.message.contains("the file is empty (0 bytes)"))
        #expect(fixture.service.apiCalls.isEmpty)
    }

    @Test("a file: or endpoint: that expands to what Apple cannot take fails before any request")
    func expandedValues() async throws {
        let fixture = try await NotaryFixture()
        let app = try await fixture.failure(of: fixture.step(file: fixture.folder + "/build/App.app"))
        #expect(app.message.contains("notarize.file must name a .zip, .dmg or .pkg file"))
        let ftp = try await fixture.failure(
            of: Step(.notarize(NotarizeSettings(file: Template(fixture.file), endpoint: "ftp://notary.example.com"))))
        #expect(ftp.message.contains("must be an http or https URL with a host"), "\(ftp.message)")
        #expect(fixture.service.apiCalls.isEmpty)
    }
}
