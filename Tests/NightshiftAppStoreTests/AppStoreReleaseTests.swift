import Foundation
@testable import NightshiftAppStore
import NightshiftServices
import NightshiftEngineTestSupport
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// The `release:` step against an in-process App Store Connect: a build from TestFlight to
/// "Waiting for Review" with What's New, export compliance, release type and phased release,
/// on the right platform, once.
@Suite("App Store release")
struct AppStoreReleaseTests {
    @Test("a build goes to Waiting for Review on its platform; the tvOS draft beside it is untouched")
    func releases() async throws {
        let fixture = try AppStoreReleaseFixture()
        fixture.api.pageSize = 1
        let outcome = try #require(try await fixture.run(AppStoreReleaseFixture.request()))
        let state = fixture.api.current
        let version = try #require(state.versions.first { $0.platform == "IOS" && $0.versionString == "3.2.0" })
        #expect(version.state == "WAITING_FOR_REVIEW")
        #expect(version.buildID == "build-412")
        #expect(version.releaseType == "AFTER_APPROVAL")
        #expect(outcome.versionID == version.id && outcome.submitted)
        let notes = Dictionary(
            uniqueKeysWithValues: state.localizations.filter { $0.versionID == version.id }.map { ($0.locale, $0.whatsNew) })
        #expect(notes == ["en-US": "Faster sync.", "de-DE": "Schnellere Synchronisierung."])
        #expect(state.builds.first { $0.id == "build-412" }?.encryption == false)
        #expect(state.phased.map(\.versionID) == [version.id])
        #expect(state.submissions.map(\.state) == ["WAITING_FOR_REVIEW"])
        #expect(state.items.map(\.relatedID) == [version.id])
        let tv = try #require(state.versions.first { $0.id == "ver-tv-draft" })
        #expect(tv.state == "PREPARE_FOR_SUBMISSION" && tv.buildID == nil)
        #expect(fixture.api.requests.filter { $0.contains("appStoreVersions?") }.allSatisfy { $0.contains("filter[platform]=IOS") })
        #expect(fixture.api.unexpected.isEmpty)
        #expect(fixture.journal.recorded?["version"] == version.id)
        #expect(fixture.journal.recorded?["submission"] == outcome.submissionID)
        #expect(fixture.journal.recorded?["submitted"] == "true")
        #expect(fixture.lines.text.contains("reviewsubmissions/details/\(outcome.submissionID)"))
    }

    @Test("--dry-run prints the plan from GET requests only")
    func dryRun() async throws {
        let fixture = try AppStoreReleaseFixture()
        #expect(try await fixture.run(AppStoreReleaseFixture.request(), dryRun: true) == nil)
        #expect(fixture.api.writeRequests.isEmpty)
        #expect(!fixture.api.requests.isEmpty)
        let text = fixture.lines.text
        #expect(text.contains("app app-1, IOS, build 412 (build-412)"))
        #expect(text.contains("version 3.2.0: create"))
        #expect(text.contains("What's New de-DE (on the new version): Schnellere Synchronisierung."))
        #expect(text.contains("export compliance: usesNonExemptEncryption = false"))
        #expect(text.contains("phased release: create"))
        #expect(text.contains("review submission: create"))
        #expect(fixture.api.unexpected.isEmpty)
    }

    @Test("running the lane again after success changes nothing: the version already waits for review with this build")
    func rerun() async throws {
        let fixture = try AppStoreReleaseFixture()
        _ = try await fixture.run(AppStoreReleaseFixture.request())
        let writes = fixture.api.writeRequests.count
        #expect(try await fixture.run(AppStoreReleaseFixture.request()) == nil)
        #expect(fixture.api.writeRequests.count == writes)
        #expect(fixture.lines.text.contains("is already waiting for review"))
    }

    @Test("killed at every write, before or after Apple acted on it, then resumed: one version, one submission")
    func killedAtEveryWrite() async throws {
        let clean = try AppStoreReleaseFixture()
        _ = try await clean.run(AppStoreReleaseFixture.request())
        let writes = clean.api.writeRequests.count
        #expect(writes >= 8)
        for write in 1...writes {
            for applied in [false, true] {
                let fixture = try AppStoreReleaseFixture()
                fixture.api.killAt = (write, applied)
                await #expect(throws: (any Error).self) { try await fixture.run(AppStoreReleaseFixture.request()) }
                fixture.api.killAt = nil
                _ = try await fixture.run(AppStoreReleaseFixture.request())
                let state = fixture.api.current
                let versions = state.versions.filter { $0.platform == "IOS" && $0.versionString == "3.2.0" }
                #expect(versions.count == 1, "write \(write), applied \(applied)")
                #expect(versions.first?.state == "WAITING_FOR_REVIEW", "write \(write), applied \(applied)")
                #expect(state.submissions.count == 1, "write \(write), applied \(applied)")
                #expect(state.items.count == 1, "write \(write), applied \(applied)")
                #expect(state.phased.count == 1, "write \(write), applied \(applied)")
                #expect(fixture.api.unexpected.isEmpty, "write \(write), applied \(applied)")
            }
        }
    }

    @Test("readiness: every problem in one pass, before any change")
    func readiness() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.apps[1].contentRights = nil
        state.apps[1].ageRating["messagingAndChat"] = .some(nil)
        state.localizations[1].screenshots = 0
        let fixture = try AppStoreReleaseFixture(state)
        let request = AppStoreReleaseFixture.request {
            $0.whatsNew = .perLocale(["en-US": "Faster sync."])
            $0.encryption = nil
        }
        let error = await #expect(throws: AppStoreReleaseError.self) { try await fixture.run(request) }
        let message = error?.message ?? ""
        #expect(message.contains("5 problems"))
        #expect(message.contains("What's New is missing for de-DE"))
        #expect(message.contains("no screenshots for de-DE"))
        #expect(message.contains("content rights are not declared"))
        #expect(message.contains("the age rating questionnaire is not complete (messagingAndChat not answered)"))
        #expect(message.contains("Missing Compliance: testers cannot install this build"))
        #expect(fixture.api.writeRequests.isEmpty)
    }

    @Test("a released version is an error that says what to do")
    func releasedVersion() async throws {
        let fixture = try AppStoreReleaseFixture()
        let error = await #expect(throws: AppStoreReleaseError.self) {
            try await fixture.run(AppStoreReleaseFixture.request { $0.build = .number("411") })
        }
        #expect(error?.message.contains("version 3.1.0 (IOS) is already released (READY_FOR_DISTRIBUTION): set 'version:'") == true)
        #expect(fixture.api.writeRequests.isEmpty)
    }

    @Test("an open submission holding items nightshift did not add is never touched; the error names them")
    func foreignItems() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.submissions = [.init(id: "sub-open", platform: "IOS", state: "READY_FOR_REVIEW")]
        state.items = [.init(id: "item-event", submissionID: "sub-open", type: "appEvents", relatedID: "event-7")]
        let fixture = try AppStoreReleaseFixture(state)
        let error = await #expect(throws: AppStoreReleaseError.self) { try await fixture.run(AppStoreReleaseFixture.request()) }
        #expect(error?.message.contains("review submission sub-open (IOS) holds items nightshift did not add (appEvents event-7)") == true)
        #expect(fixture.api.writeRequests.isEmpty)
    }

    @Test("one open submission per platform: an empty open one is reused, the tvOS one left alone")
    func reusesOpenSubmission() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.submissions = [
            .init(id: "sub-tv", platform: "TV_OS", state: "READY_FOR_REVIEW"),
            .init(id: "sub-ios", platform: "IOS", state: "READY_FOR_REVIEW"),
        ]
        let fixture = try AppStoreReleaseFixture(state)
        let outcome = try await fixture.run(AppStoreReleaseFixture.request())
        #expect(outcome?.submissionID == "sub-ios")
        #expect(fixture.api.current.submissions.map(\.state) == ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW"])
        #expect(!fixture.api.writeRequests.contains("POST v1/reviewSubmissions"))
    }

    @Test("'There is another reviewSubmissions with id … still in progress': that one is adopted")
    func anotherInProgress() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.submissions = [.init(id: "sub-hidden", platform: "IOS", state: "READY_FOR_REVIEW")]
        let fixture = try AppStoreReleaseFixture(state)
        fixture.api.hidesOpenSubmissions = true
        let outcome = try await fixture.run(AppStoreReleaseFixture.request())
        #expect(outcome?.submissionID == "sub-hidden")
        #expect(fixture.api.current.submissions.count == 1)
        #expect(fixture.api.current.submissions.first?.state == "WAITING_FOR_REVIEW")
    }

    @Test("a version waiting for review with another build: refused, or with cancel_previous taken out (CANCELING waited for)")
    func cancelPrevious() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.builds[1].encryption = false
        state.versions.append(
            .init(id: "ver-320", platform: "IOS", versionString: "3.2.0", state: "WAITING_FOR_REVIEW", buildID: "build-411"))
        state.localizations += [
            .init(id: "loc-320-en", versionID: "ver-320", locale: "en-US", whatsNew: "x"),
            .init(id: "loc-320-de", versionID: "ver-320", locale: "de-DE", whatsNew: "y"),
        ]
        state.submissions = [.init(id: "sub-old", platform: "IOS", state: "WAITING_FOR_REVIEW")]
        state.items = [.init(id: "item-old", submissionID: "sub-old", type: "appStoreVersions", relatedID: "ver-320")]
        let refused = try AppStoreReleaseFixture(state)
        let error = await #expect(throws: AppStoreReleaseError.self) { try await refused.run(AppStoreReleaseFixture.request()) }
        #expect(error?.message.contains("set 'cancel_previous: true'") == true)
        #expect(refused.api.writeRequests.isEmpty)

        let fixture = try AppStoreReleaseFixture(state)
        let outcome = try await fixture.run(AppStoreReleaseFixture.request { $0.cancelPrevious = true })
        let after = fixture.api.current
        #expect(after.submissions.map(\.state) == ["COMPLETE", "WAITING_FOR_REVIEW"])
        #expect(outcome?.versionID == "ver-320")
        #expect(after.versions.first { $0.id == "ver-320" }?.buildID == "build-412")
        #expect(after.versions.filter { $0.platform == "IOS" }.count == 2)
        #expect(fixture.clock.sleepCount >= 1)
    }

    @Test("Apple's 409 is printed whole, every associated error verbatim, with what to do about App Privacy")
    func refusalWithAssociatedErrors() async throws {
        let fixture = try AppStoreReleaseFixture()
        fixture.api.itemRefusal = """
            {"errors":[{"id":"e1","status":"409","code":"STATE_ERROR","title":"The request cannot be fulfilled because of the state of another resource.",
              "detail":"Submit for review errors found.","meta":{"associatedErrors":{
              "/v1/appScreenshots/":[{"id":"a1","status":"409","code":"STATE_ERROR.SCREENSHOT_REQUIRED.APP_IPHONE_65","title":"App screenshot missing (APP_IPHONE_65).","detail":"A screenshot with type iphone65 is required but was not provided"}],
              "/v1/apps/app-1":[{"id":"a2","status":"409","code":"STATE_ERROR","title":"Answers to what data your app collects and how it's used are needed.","detail":"You must have published answers to your app's data usages."}]}}}]}
            """
        let error = await #expect(throws: AppStoreReleaseError.self) { try await fixture.run(AppStoreReleaseFixture.request()) }
        let message = error?.message ?? ""
        #expect(
            message.contains("App screenshot missing (APP_IPHONE_65). - A screenshot with type iphone65 is required but was not provided"))
        #expect(
            message.contains(
                "Answers to what data your app collects and how it's used are needed. - You must have published answers to your app's data usages."
            ))
        #expect(message.contains("App Privacy must be completed once in App Store Connect"))
        #expect(fixture.api.current.submissions.map(\.state) == ["READY_FOR_REVIEW"])
    }
}
