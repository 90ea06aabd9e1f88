import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import Testing
@testable import NightshiftServices

/// Lane results as a notification receives them, and the targets that ask for them.
enum NotificationFixtures {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// A lane `ship` whose archive reported 1.4.0 (42), whose tests had two flaky ones, whose
    /// uploads went to TestFlight and Firebase and whose `upload-dsyms` step failed; `failed: false`
    /// leaves the last step out, so the lane passed.
    static func result(failed: Bool = true, reason: String = "xcrun exited 65: upload refused\nsecond line") -> LaneResult {
        var archive = StepResult(
            lane: "ship", name: "Archive", kind: .step(.archive), status: .passed, start: start, duration: .seconds(300))
        archive.details = ["version": "1.4.0", "build_number": "42"]
        var tests = StepResult(lane: "ship", name: "Tests", kind: .step(.test), status: .passed, start: start, duration: .seconds(120))
        tests.tests = TestStepReport(tests: [
            TestCaseRecord(identifier: "AppTests/LedgerTests/testRounding()", outcome: .passed),
            TestCaseRecord(identifier: "AppTests/SyncTests/testRetry()", outcome: .passed, isFlaky: true, attempts: 2),
            TestCaseRecord(identifier: "AppTests/UITests/testLogin()", outcome: .passed, isFlaky: true, attempts: 3, variant: "iPhone 16"),
            TestCaseRecord(identifier: "AppTests/UITests/testOld()", outcome: .skipped),
        ])
        var testflight = StepResult(lane: "ship", name: "TestFlight", kind: .step(.upload), status: .passed, start: start)
        testflight.details = ["build_id": "6f1c-42", "processing_state": "VALID"]
        var firebase = StepResult(lane: "ship", name: "Firebase", kind: .step(.upload), status: .passed, start: start)
        firebase.details = ["release_url": "https://console.firebase.google.com/project/p/appdistribution/app/a/releases/r1"]
        var steps = [archive, tests, testflight, firebase]
        if failed {
            steps.append(
                StepResult(
                    lane: "ship", name: "upload-dsyms", kind: .step(.sh), status: .failed, start: start, exitCode: 65,
                    message: reason, reason: .exitStatus))
        }
        var result = LaneResult(
            lane: "ship", status: failed ? .failed : .passed, steps: steps, start: start, duration: .seconds(754),
            runID: "20260101-000000-ship",
            logFolder: "")
        result.steps = steps
        return result
    }

    static func summary(
        _ result: LaneResult = result(), previousRunFailed: Bool = false, buildURL: String? = "https://ci.example/job/ship/42/"
    ) -> LaneRunSummary {
        LaneRunSummary(
            result: result, configuration: "Release", previousRunFailed: previousRunFailed, commit: "0123456789abcdef0123",
            buildURL: buildURL)
    }

    static func target(_ destination: NotificationDestination, url: String, on events: [NotificationEvent]) -> NotificationTarget {
        NotificationTarget(destinationName: destination.rawValue, url: Template(url), eventNames: events.map(\.rawValue))
    }

    /// The body as a JSON object.
    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

/// A transport that never answers, until its task is cancelled (as URLSession's is); counts the
/// requests it was sent.
final class HangingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var requests: Int { lock.withLock { count } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        lock.withLock { count += 1 }
        try await Task.sleep(for: .seconds(86_400))
        throw HTTPTransportError.connection("a day passed")
    }
}
