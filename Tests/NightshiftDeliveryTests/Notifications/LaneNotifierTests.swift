import FlyingFox
import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// `notify:` against a webhook receiver answered in process (no socket): which events send, what
/// is sent, that no secret leaves in any encoding, and that a 500 or a hang is a warning after the
/// upload retry policy's attempts, never more. Waits and time limits move a `ManualClock`.
@Suite("Lane notifications")
struct LaneNotifierTests {
    typealias Fixtures = NotificationFixtures

    /// For a server that answers, in process: its clock is never moved, so no attempt times out.
    static func answeringNotifier(_ server: InProcessHTTPServer) -> LaneNotifier {
        LaneNotifier(transport: server, clock: ManualClock(), jitter: FixedJitter(unit: 0))
    }

    @Test(
        "each outcome meets the events named, the most specific first",
        arguments: [
            (LaneRunSummary.Outcome.failed, [NotificationEvent.failure], NotificationEvent.failure),
            (.failed, [.success, .fixed], nil),
            (.failed, [.always], .always),
            (.passed, [.failure, .fixed], nil),
            (.passed, [.success], .success),
            (.passed, [.always, .success], .success),
            (.fixed, [.fixed], .fixed),
            (.fixed, [.success, .fixed], .fixed),
            (.fixed, [.success], .success),
            (.fixed, [.failure], nil),
            (.interrupted, [.failure, .success, .fixed], nil),
            (.interrupted, [.always], .always),
        ] as [(LaneRunSummary.Outcome, [NotificationEvent], NotificationEvent?)])
    func events(outcome: LaneRunSummary.Outcome, events: [NotificationEvent], expected: NotificationEvent?) {
        #expect(LaneNotifier.event(for: outcome, among: events) == expected)
    }

    @Test("the outcome: a pass after a failed run is fixed; a lane that never started tells nothing")
    func outcomes() {
        #expect(Fixtures.summary().outcome == .failed)
        #expect(Fixtures.summary(Fixtures.result(failed: false)).outcome == .passed)
        #expect(Fixtures.summary(Fixtures.result(failed: false), previousRunFailed: true).outcome == .fixed)
        var notRun = Fixtures.result()
        notRun.status = .notRun
        #expect(Fixtures.summary(notRun).outcome == nil)
    }

    @Test("a receiver gets one payload per destination whose on: the outcome meets, and nothing else")
    func receiverGetsTheRightEvents() async throws {
        let server = InProcessHTTPServer { _, _ in .status(200, "ok") }
        let notifier = Self.answeringNotifier(server)
        func targets() -> [NotificationTarget] {
            [
                Fixtures.target(.webhook, url: server.url("/failure").absoluteString, on: [.failure]),
                Fixtures.target(.webhook, url: server.url("/fixed").absoluteString, on: [.fixed]),
                Fixtures.target(.webhook, url: server.url("/success").absoluteString, on: [.success]),
                Fixtures.target(.webhook, url: server.url("/always").absoluteString, on: [.always]),
            ]
        }
        let secrets = RunSecrets(secrets: [])
        var sent: [String: [String]] = [:]
        for (name, summary) in [
            ("failed", Fixtures.summary()), ("passed", Fixtures.summary(Fixtures.result(failed: false))),
            ("fixed", Fixtures.summary(Fixtures.result(failed: false), previousRunFailed: true)),
        ] {
            let before = server.requests.count
            let warnings = await notifier.notify(summary, targets: targets(), in: EnvironmentVariables([:]), secrets: secrets) { _ in }
            #expect(warnings.isEmpty)
            sent[name] = server.requests.dropFirst(before).map(\.path).sorted()
            for request in server.requests.dropFirst(before) {
                #expect(request.method == "POST")
                #expect(request.headers["content-type"] == "application/json; charset=utf-8")
                let body = try Fixtures.object(request.body)
                #expect(body["event"] as? String == String(request.path.dropFirst()), "\(request.path)")
            }
        }
        #expect(sent["failed"] == ["/always", "/failure"])
        #expect(sent["passed"] == ["/always", "/success"])
        #expect(sent["fixed"] == ["/always", "/fixed", "/success"])
    }

    @Test("the webhook's summary uses the JSON report's field names and says what a person needs")
    func webhookSummary() async throws {
        let server = InProcessHTTPServer { _, _ in .status(204) }
        let notifier = Self.answeringNotifier(server)
        let warnings = await notifier.notify(
            Fixtures.summary(), targets: [Fixtures.target(.webhook, url: "${HOOK}", on: [.always])],
            in: EnvironmentVariables(["HOOK": server.url("/hook").absoluteString]), secrets: RunSecrets(secrets: [])
        ) { _ in }
        #expect(warnings.isEmpty)
        let body = try Fixtures.object(try #require(server.requests.first).body)
        #expect(body["event"] as? String == "always")
        #expect(body["lane"] as? String == "ship")
        #expect(body["run_id"] as? String == "20260101-000000-ship")
        #expect(body["status"] as? String == "failed")
        #expect(body["duration_seconds"] as? Double == 754)
        #expect(body["start"] as? String == "2026-01-01T00:00:00Z")
        #expect(body["configuration"] as? String == "Release")
        #expect(body["version"] as? String == "1.4.0")
        #expect(body["build_number"] as? String == "42")
        #expect(body["commit"] as? String == "0123456789abcdef0123")
        #expect(body["build_url"] as? String == "https://ci.example/job/ship/42/")
        let failed = try #require(body["failed_step"] as? [String: Any])
        #expect(failed["name"] as? String == "upload-dsyms")
        #expect(failed["reason"] as? String == "exit_status")
        #expect(failed["exit_code"] as? Int == 65)
        #expect(failed["message"] as? String == "xcrun exited 65: upload refused")
        let tests = try #require(body["tests"] as? [String: Any])
        #expect(tests["passed"] as? Int == 3)
        #expect(tests["skipped"] as? Int == 1)
        #expect(tests["flaky"] as? Int == 2)
        #expect(tests["expected_failures"] as? Int == 0)
        #expect(tests["flaky_tests"] as? [String] == ["AppTests/SyncTests/testRetry()", "AppTests/UITests/testLogin() (iPhone 16)"])
        let delivered = try #require(body["delivered"] as? [[String: Any]])
        #expect(delivered.map { $0["step"] as? String } == ["TestFlight", "Firebase"])
        #expect(
            Set(body.keys).isSubset(of: [
                "event", "lane", "run_id", "status", "start", "duration_seconds", "configuration", "version", "build_number", "commit",
                "build_url", "failed_step", "tests", "delivered",
            ]))
    }

    /// Characters each encoding writes differently (`/`, `+`, `&`, a quote).
    static let token = "nt-tok/en+4711&q\"x"

    @Test("no secret leaves in any encoding: plain, JSON-escaped, percent-encoded, base64", arguments: NotificationDestination.allCases)
    func masksEverySecretForm(destination: NotificationDestination) async throws {
        let token = Self.token
        let base64 = Data(token.utf8).base64EncodedString()
        let percent = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        var result = Fixtures.result(reason: "refused token \(token) (Basic \(base64)) at https://x.example/?t=\(percent)")
        result.steps[0].details["version"] = "1.4.0-\(token)"
        result.steps[3].details["release_url"] = "https://console.example/r?token=\(percent)"
        result.steps[1].tests?.tests[1].identifier = "AppTests/\(token)/testRetry()"
        let server = InProcessHTTPServer { _, _ in .status(200) }
        let notifier = Self.answeringNotifier(server)
        let warnings = await notifier.notify(
            Fixtures.summary(result), targets: [Fixtures.target(destination, url: server.url("/hook").absoluteString, on: [.always])],
            in: EnvironmentVariables([:]), secrets: RunSecrets(secrets: [token])
        ) { _ in }
        #expect(warnings.isEmpty)
        let body = String(decoding: try #require(server.requests.first).body, as: UTF8.self)
        let jsonEscaped = token.replacingOccurrences(of: "\"", with: "\\\"")
        for form in [token, jsonEscaped, jsonEscaped.replacingOccurrences(of: "/", with: "\\/"), percent, base64, "nt-tok/en+4711"] {
            #expect(!body.contains(form), "\(destination) sent \(form)")
        }
        #expect(body.contains(Secret.mask))
        _ = try Fixtures.object(Data(body.utf8))
    }

    @Test("a secret where Slack's header is cut (150 characters) is masked before the cut, never sent in part", arguments: [130, 137, 145])
    func secretAtTheCut(padding: Int) async throws {
        let secret = "s3cr3t-LongValue42"
        var result = Fixtures.result()
        result.lane = String(repeating: "a", count: padding) + secret
        let server = InProcessHTTPServer { _, _ in .status(200) }
        let notifier = Self.answeringNotifier(server)
        let warnings = await notifier.notify(
            Fixtures.summary(result), targets: [Fixtures.target(.slack, url: server.url("/hook").absoluteString, on: [.always])],
            in: EnvironmentVariables([:]), secrets: RunSecrets(secrets: [secret])
        ) { _ in }
        #expect(warnings.isEmpty)
        let body = String(decoding: try #require(server.requests.first).body, as: UTF8.self)
        for prefix in ["s3cr3", "s3cr3t-L", "LongValue"] { #expect(!body.contains(prefix), "sent \(prefix)") }
    }

    @Test("a 500 is retried as the upload retry policy says, then is a warning naming the destination, never the URL")
    func serverErrorIsRetriedThenAWarning() async throws {
        let clock = ManualClock()
        let server = InProcessHTTPServer { _, _ in .status(500, "boom") }
        let url = server.url("/services/T0/B0/hooksecret").absoluteString
        let notifier = LaneNotifier(
            transport: server, clock: clock, jitter: FixedJitter(unit: 0),
            policy: UploadRetryPolicy(attempts: 3, backoff: .seconds(2)))
        let log = LineLog()
        let start = clock.now
        let task = Task {
            await notifier.notify(
                Fixtures.summary(), targets: [Fixtures.target(.slack, url: "${SLACK_URL}", on: [.failure])],
                in: EnvironmentVariables(["SLACK_URL": url]), secrets: RunSecrets(secrets: [url]), log: log.sink)
        }
        await clock.waitForSleeper(wakingAt: start.addingTimeInterval(2))
        clock.advance(by: .seconds(2))
        await clock.waitForSleeper(wakingAt: start.addingTimeInterval(6))
        #expect(server.requests.count == 2)
        clock.advance(by: .seconds(4))
        let warnings = await task.value
        #expect(server.requests.count == 3)
        #expect(warnings == ["the slack notification of lane 'ship' was not sent: HTTP 500: boom (after 3 attempts)"])
        #expect(
            log.lines == [
                "POST to slack: HTTP 500; retrying in 2.0s (attempt 2 of 3)",
                "POST to slack: HTTP 500; retrying in 4.0s (attempt 3 of 3)",
            ])
    }

    @Test("a webhook that never answers is given up on after each attempt's timeout on the clock, then is a warning")
    func hangIsBoundedByTheClock() async throws {
        let clock = ManualClock()
        let transport = HangingTransport()
        let notifier = LaneNotifier(
            transport: transport, clock: clock, jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy(attempts: 2, backoff: .seconds(2)),
            attemptTimeout: .seconds(30))
        let start = clock.now
        let task = Task {
            await notifier.notify(
                Fixtures.summary(), targets: [Fixtures.target(.teams, url: "https://example.invalid/workflows/x", on: [.failure])],
                in: EnvironmentVariables([:]), secrets: RunSecrets(secrets: []), log: { _ in })
        }
        await clock.waitForSleeper(wakingAt: start.addingTimeInterval(30))
        clock.advance(by: .seconds(30))
        await clock.waitForSleeper(wakingAt: start.addingTimeInterval(32))
        clock.advance(by: .seconds(2))
        await clock.waitForSleeper(wakingAt: start.addingTimeInterval(62))
        clock.advance(by: .seconds(30))
        let warnings = await task.value
        #expect(transport.requests == 2)
        #expect(
            warnings == [
                "the teams notification of lane 'ship' was not sent: connection failed: no complete answer within 30.0s (waiting for the answer) (after 2 attempts)"
            ])
    }

    @Test("a failure that quotes the URL names the destination instead, its query (Teams' signature) included")
    func failureNeverQuotesTheURL() async {
        let url = "https://prod.example.invalid/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=SIGNATURE42"
        let transport = ScriptedTransport([
            .failure(.connection("cannot reach \(url)")),
            .response(HTTPTransportResponse(status: 404, body: Data("no flow at \(url)".utf8))),
        ])
        let notifier = LaneNotifier(transport: transport, clock: ManualClock(), policy: UploadRetryPolicy(attempts: 1))
        for _ in 0..<2 {
            let warnings = await notifier.notify(
                Fixtures.summary(), targets: [Fixtures.target(.teams, url: url, on: [.failure])], in: EnvironmentVariables([:]),
                secrets: RunSecrets(secrets: [])
            ) { _ in }
            let text = warnings.joined()
            #expect(text.contains("to teams"), "\(text)")
            #expect(!text.contains("SIGNATURE42") && !text.contains("example.invalid"), "\(text)")
        }
    }

    @Test(
        "a server that echoes one secret part of the URL alone (Slack's token segment, Teams' sig) finds it masked (issue #38 §8)",
        arguments: [
            (
                NotificationDestination.slack, "https://hooks.slack.example/services/T0AB12CD3/B0EF45GH6/tokenXyZ7890abcdefGHIJ",
                "tokenXyZ7890abcdefGHIJ"
            ),
            (
                .teams, "https://prod.example.invalid/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=SiG%2Fnature42xyz",
                "SiG/nature42xyz"
            ),
            (.webhook, "https://hooks.example.invalid/in/hook-4f9a2c1e", "hook-4f9a2c1e"),
        ])
    func echoedSecretPartIsMasked(destination: NotificationDestination, url: String, secret: String) async {
        let transport = ScriptedTransport([
            .response(HTTPTransportResponse(status: 403, body: Data("invalid credential \(secret)".utf8))),
            .failure(.connection("refused \(secret)")),
        ])
        let notifier = LaneNotifier(transport: transport, clock: ManualClock(), policy: UploadRetryPolicy(attempts: 1))
        let secrets = RunSecrets(secrets: [])
        for _ in 0..<2 {
            let warnings = await notifier.notify(
                Fixtures.summary(), targets: [Fixtures.target(destination, url: url, on: [.failure])], in: EnvironmentVariables([:]),
                secrets: secrets
            ) { _ in }
            let text = warnings.joined()
            #expect(text.contains("was not sent"), "\(text)")
            #expect(!text.contains(secret), "\(text)")
        }
        #expect(!secrets.mask("later: \(secret)").contains(secret))
    }

    @Test("a URL that is not http(s) once expanded is a warning, and nothing is sent")
    func badURLAfterExpansion() async {
        let transport = ScriptedTransport.statuses(200)
        let notifier = LaneNotifier(transport: transport, clock: ManualClock())
        let warnings = await notifier.notify(
            Fixtures.summary(), targets: [Fixtures.target(.webhook, url: "${HOOK}", on: [.failure])],
            in: EnvironmentVariables(["HOOK": "file:///etc/passwd"]), secrets: RunSecrets(secrets: [])
        ) { _ in }
        #expect(
            warnings == [
                "the webhook notification of lane 'ship' was not sent: its URL is not an http(s) URL once its variables are expanded"
            ])
        #expect(transport.requests.isEmpty)
    }

    @Test("a dry run's lines name the destination and events, never the URL, and are masked")
    func dryRunLines() {
        let secret = "dry-secret-value"
        let lines = LaneNotifier.dryRunLines(
            Fixtures.summary(Fixtures.result(reason: "failed with \(secret)")),
            targets: [
                Fixtures.target(.slack, url: "https://hooks.slack.com/services/T/B/XYZ", on: [.failure]),
                Fixtures.target(.teams, url: "https://example.com/teams", on: [.success]),
            ], secrets: RunSecrets(secrets: [secret]))
        let text = lines.joined(separator: "\n")
        #expect(lines.first == "would notify slack of lane 'ship' (on failure):")
        #expect(lines.contains("  Failed step 'upload-dsyms': failed with ********"))
        #expect(lines.last == "would notify teams of lane 'ship' (on success): nothing, the lane failed")
        #expect(!text.contains("hooks.slack.com") && !text.contains("example.com/teams") && !text.contains(secret))
    }
}
