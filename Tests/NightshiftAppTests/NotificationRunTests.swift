import Foundation
import NightshiftApp
import NightshiftCore
import NightshiftFakeTransport
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `notify:` through `nightshift run`, in process, against a webhook receiver answered in process
/// through the command's transport: the lane's result and the exit code are the lane's whatever
/// the webhook does.
@Suite("run notifies")
struct NotificationRunTests {
    static func lanes(_ on: String, url: String = "${HOOK_URL}") -> String {
        """
        notify:
          - { to: webhook, url: "\(url)", on: \(on) }
        lanes:
          ship:
            steps:
              - sh: make ship
        """
    }

    /// A webhook that takes each request and never answers (within the test's life).
    static func serverThatNeverAnswers() -> InProcessHTTPServer {
        InProcessHTTPServer { _, _ in
            try? await Task.sleep(for: .seconds(3600))
            return .status(200)
        }
    }

    static func body(_ request: InProcessHTTPServer.Received) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
    }

    @Test("a failing lane notifies `failure` with its failing step, and still exits 1")
    func failingLaneNotifies() async throws {
        let server = InProcessHTTPServer { _, _ in .status(200) }
        let app = try AppHarness(lanes: Self.lanes("[failure]"))
        await app.shell.onScript(containing: "make ship", .output([(.standardError, "ld: symbol not found\n")], .exited(2)))
        let status = await app.run("ship", variables: ["HOOK_URL": server.url("/hook").absoluteString], transport: server)
        #expect(status == 1, "\(app.shown)")
        #expect(server.requests.count == 1)
        let body = try Self.body(try #require(server.requests.first))
        #expect(body["event"] as? String == "failure")
        #expect(body["status"] as? String == "failed")
        #expect((body["failed_step"] as? [String: Any])?["name"] as? String == "make ship")
        #expect(!app.shown.contains("warning"), "\(app.shown)")
    }

    @Test("a webhook answering 500 gets the policy's five attempts, then a warning; the exit code stays the lane's", arguments: [2, 0])
    func serverErrorIsAWarning(exitCode: Int32) async throws {
        // Retry-After: 0 lets the attempts follow each other without the manual clock moving.
        let server = InProcessHTTPServer { _, _ in .status(500, "down", headers: ["Retry-After": "0"]) }
        let app = try AppHarness(lanes: Self.lanes("[always]"))
        await app.shell.onScript(containing: "make ship", .output([], .exited(exitCode)))
        let url = server.url("/services/T01/B02/hook-secret-part").absoluteString
        let status = await app.run("ship", variables: ["HOOK_URL": url], transport: server)
        #expect(status == (exitCode == 0 ? 0 : 1))
        #expect(server.requests.count == 5)
        #expect(
            app.standardError.contains("warning: the webhook notification of lane 'ship' was not sent: HTTP 500: down (after 5 attempts)"))
        #expect(app.standardError.contains("notify: POST to webhook: HTTP 500; retrying in "), "\(app.standardError)")
        #expect(!app.shown.contains("hook-secret-part") && !app.shown.contains("127.0.0.1"), "\(app.shown)")
    }

    @Test("a webhook that never answers is given up after each attempt's 30 s on the clock; the exit code stays the lane's")
    func hangIsAWarning() async throws {
        let server = Self.serverThatNeverAnswers()
        let app = try AppHarness(lanes: Self.lanes("[failure]"))
        await app.shell.onScript(containing: "make ship", .output([], .exited(1)))
        let run = Task { await app.run("ship", variables: ["HOOK_URL": server.url("/hook").absoluteString], transport: server) }
        for attempt in 1...5 {
            // The attempt is on its way and waits for its timeout; nothing else sleeps then.
            await waitUntil("attempt \(attempt) waits for its answer") { server.requests.count == attempt && app.clock.sleeperCount == 1 }
            app.clock.advance(by: .seconds(30))
            guard attempt < 5 else { break }
            await waitUntil("the back-off after attempt \(attempt)") { app.clock.sleeperCount == 1 }
            app.clock.advance(by: .seconds(300))
        }
        #expect(await run.value == 1)
        #expect(server.requests.count == 5)
        #expect(
            app.standardError.contains("no complete answer within 30.0s (the body sent whole, waiting for the answer) (after 5 attempts)"),
            "\(app.standardError)")
    }

    @Test("an error page that quotes the path or the query alone never shows either: each is the credential")
    func echoedPathIsHidden() async throws {
        let server = InProcessHTTPServer { request, _ in .status(400, "error at \(request.path)?sig=\(request.query["sig"] ?? "")") }
        let app = try AppHarness(lanes: Self.lanes("[always]"))
        await app.shell.onScript(containing: "make ship", .output([], .exited(0)))
        let url = server.url("/services/T0/B0/PATHSECRET").absoluteString + "?sig=QUERYSECRET"
        #expect(await app.run("ship", variables: ["HOOK_URL": url], transport: server) == 0)
        #expect(app.standardError.contains("was not sent: HTTP 400"), "\(app.standardError)")
        #expect(!app.shown.contains("PATHSECRET") && !app.shown.contains("QUERYSECRET"), "\(app.shown)")
    }

    @Test(
        "SIGTERM while a notification waits for its answer stops it at once: no retry, no wait for the clock, exit 143 (Jenkins' Abort)",
        arguments: [1, 0] as [Int32])
    func signalStopsANotification(laneExit: Int32) async throws {
        let server = Self.serverThatNeverAnswers()
        let app = try AppHarness(lanes: Self.lanes("[always]"))
        await app.shell.onScript(containing: "make ship", .output([], .exited(laneExit)))
        let run = Task { await app.run("ship", variables: ["HOOK_URL": server.url("/hook").absoluteString], transport: server) }
        await waitUntil("the first attempt waits for its answer") { server.requests.count == 1 && app.clock.sleeperCount == 1 }
        app.signals.send(Signals.terminate)
        // The clock never moves: only the signal can end the run, and the process ends as
        // signalled whether the lane had passed or failed.
        #expect(await run.value == 143)
        #expect(server.requests.count == 1)
        #expect(app.standardError.contains("warning: the webhook notification of lane 'ship' was not sent"), "\(app.standardError)")
    }

    @Test("fixed: the first pass after a failure notifies, from the run history; the next pass does not")
    func fixedFromTheHistory() async throws {
        let server = InProcessHTTPServer { _, _ in .status(200) }
        let app = try AppHarness(lanes: Self.lanes("[fixed]"))
        let variables = ["HOOK_URL": server.url("/hook").absoluteString]
        await app.shell.onScript(containing: "make ship", .output([], .exited(1)), .output([], .exited(0)))
        #expect(await app.run("ship", variables: variables, transport: server) == 1)
        #expect(server.requests.isEmpty)
        for expected in [1, 1] {
            #expect(await app.run("ship", variables: variables, transport: server) == 0)
            #expect(server.requests.count == expected)
        }
        #expect(try Self.body(try #require(server.requests.first))["event"] as? String == "fixed")
    }

    @Test("an interrupted lane tells `always` only, with one attempt, and exits 128 + the signal")
    func interruptedLaneTellsAlwaysOnly() async throws {
        let server = InProcessHTTPServer { _, _ in .status(500, "down") }
        let app = try AppHarness(
            lanes: """
                notify:
                  - { to: webhook, url: "${HOOK_URL}/failure", on: [failure, success, fixed] }
                  - { to: webhook, url: "${HOOK_URL}/always", on: [always] }
                lanes:
                  ship:
                    steps:
                      - sh: make ship
                """)
        await app.shell.onScript(containing: "make ship", .hang)
        let run = Task { await app.run("ship", variables: ["HOOK_URL": server.url("/hook").absoluteString], transport: server) }
        await waitUntil("the step runs, the signal trap set") { await !app.shell.commands.isEmpty && app.signals.trapCount == 1 }
        app.signals.send(Signals.terminate)
        #expect(await run.value == 143)
        #expect(server.requests.map(\.path) == ["/hook/always"])
        #expect(try Self.body(try #require(server.requests.first))["status"] as? String == "interrupted")
        #expect(app.standardError.contains("was not sent: HTTP 500: down\n"), "\(app.standardError)")
    }

    @Test("a dry run sends nothing and shows the destination, never the URL")
    func dryRunSendsNothing() async throws {
        let app = try AppHarness(lanes: Self.lanes("[success, always]"))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["ship"], dryRun: true)
            .execute(in: app.environment(["HOOK_URL": "https://hooks.example.com/secret-path"]))
        #expect(status == 0, "\(app.shown)")
        #expect(
            app.standardOutput.contains("would notify webhook of lane 'ship' (on success, always):\n  ship passed\n"),
            "\(app.standardOutput)")
        #expect(!app.shown.contains("hooks.example.com"))
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a notify URL's variable that is not set is named before any step runs: exit 2")
    func missingVariable() async throws {
        let app = try AppHarness(lanes: Self.lanes("[failure]"))
        let status = await app.run("ship")
        #expect(status == 2)
        #expect(
            app.standardError.contains("environment variable 'HOOK_URL' is not set (needed by notify to webhook)"), "\(app.standardError)")
        #expect(await app.shell.commands.isEmpty)
    }
}
