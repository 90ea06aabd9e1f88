import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSchema

/// What `to: webhook` posts: the lane's entry of the JSON report (`--json`), summed up, in the
/// report's own field names (snake_case: `run_id`, `duration_seconds`, `expected_failures`), with
/// the event that sent it and what the chat messages say besides (configuration, version,
/// deliveries, commit, build URL). Built here, not by the report: capabilities do not use each
/// other.
struct WebhookSummary: Encodable {
    var event: String
    var lane: String
    var runID: String?
    var status: String
    var start: String
    var durationSeconds: Double
    var configuration: String?
    var version: String?
    var buildNumber: String?
    /// The Xcode the lane's `xcode:` chose; absent when it pins none.
    var xcode: Xcode?
    var commit: String?
    var buildURL: String?
    /// The step that decided the result, as the report writes a step (its message cut to its first line).
    var failedStep: FailedStep?
    var tests: Tests?
    var delivered: [Delivered]

    struct FailedStep: Encodable {
        var name: String
        var kind: String
        var status: String
        var exitCode: Int32?
        var reason: String?
        var message: String
    }

    struct Tests: Encodable {
        var passed: Int
        var failed: Int
        var skipped: Int
        var expectedFailures: Int
        var flaky: Int
        var total: Int
        var flakyTests: [String]
    }

    struct Xcode: Encodable {
        var version: String
        var build: String
    }

    struct Delivered: Encodable {
        var step: String
        var details: [String: String]
    }

    init(_ summary: LaneRunSummary, event: NotificationEvent) {
        let result = summary.result
        self.event = event.rawValue
        lane = result.lane
        runID = result.runID.isEmpty ? nil : result.runID
        status = result.status.rawValue
        start = UTCTimestamp.iso8601(result.start)
        durationSeconds = result.duration.seconds
        configuration = summary.configuration
        (version, buildNumber) = summary.version
        xcode = result.xcode.map { Xcode(version: $0.versionName, build: $0.build) }
        commit = summary.commit
        buildURL = summary.buildURL
        failedStep = result.firstFailure.map { step in
            FailedStep(
                name: step.name, kind: step.kind.description, status: step.status.rawValue, exitCode: step.exitCode,
                reason: step.reason?.rawValue, message: summary.failure?.reason ?? step.status.rawValue)
        }
        tests = summary.tests.map { tally, flaky in
            Tests(
                passed: tally.passed, failed: tally.failed, skipped: tally.skipped, expectedFailures: tally.expectedFailures,
                flaky: tally.flaky, total: tally.total, flakyTests: flaky)
        }
        delivered = result.steps.filter { $0.kind == .step(.upload) && $0.status == .passed && !$0.details.isEmpty }.map {
            Delivered(step: $0.name, details: $0.details)
        }
    }

    func render() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(self)
    }
}
