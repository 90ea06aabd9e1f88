import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerBuilder

/// Lanes through the real runner: real processes, the step recorder and its log files, and the
/// console reporter writing to a sink that only counts lines.
@Suite("Lanes with real processes", .timeLimit(.minutes(2)), .temporaryDirectory)
struct RealLaneTests {
    static let token = "tok-9f8e7d6c5b4a"

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func run(_ steps: String, gracePeriod: Duration = .seconds(10)) async throws -> (LaneResult, LineCountingSink) {
        let file = try LanesFileLoader().parse(
            text: """
                project: { name: Demo }
                secrets: [DEPLOY_TOKEN]
                lanes:
                  ci:
                    steps:
                \(steps)
                """, path: "lanes.yml")
        let environment: EnvironmentVariables = ["PATH": testPATH, "DEPLOY_TOKEN": Self.token]
        let sink = LineCountingSink(watching: Self.token)
        let clock = SystemClock()
        let shell = ProcessShellRunner(environment: environment, gracePeriod: gracePeriod)
        var builder = LaneRunnerBuilder(
            file: file, shell: shell, clock: clock, environment: environment, output: sink,
            options: RunOptions(stateDirectory: folder.path, runID: "real"))
        builder.timestamps = true
        return (try await builder.build().run("ci"), sink)
    }

    @Test("a step printing 300,000 lines: every byte reaches the step log in order, masked, and every line the console")
    func largeOutputArrivesIntact() async throws {
        let lines = 300_000
        let script =
            #"awk -v n=\#(lines) 'BEGIN { for (i = 0; i < n; i++) printf "line %d token=%s\n", i, ENVIRON["DEPLOY_TOKEN"] }'; echo done >&2"#
        let (result, sink) = try await run("      - name: print\n        sh: |\n          \(script)")
        #expect(result.status == .passed)
        let logPath = try #require(result.steps.first?.logPath)
        var log = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // stderr's line lands wherever it was read relative to stdout's: two pipes have no common order.
        #expect(log.filter { $0 == "done" }.count == 1)
        log.removeAll { $0 == "done" }
        #expect(log.count == lines + 1)
        #expect(log.last == "")
        let outOfPlace = log.dropLast().enumerated().first { index, line in line != "line \(index) token=********" }
        #expect(outOfPlace == nil, "line \(outOfPlace?.offset ?? -1): \(outOfPlace?.element ?? "")")
        #expect(sink.outputLines >= lines + 1)
        #expect(!sink.sawWatchedText)
    }

    @Test("a step over its timeout is stopped with its whole group and reported as timed out")
    func timeout() async throws {
        let (result, _) = try await run(
            """
                  - sh: 'sleep 86400 & echo pid=$!; echo pid=$$; wait'
                    name: hangs
                    timeout: 500ms
                  - sh: echo cleanup
                    name: cleanup
                    always: true
            """)
        // The event is the run's end: it comes only if the timeout stopped the group, since
        // `sleep 86400` would hold the step for a day. No bound on the clock, which a loaded
        // machine stretched past 120 s; the checks below prove the group was stopped.
        #expect(result.status == .failed)
        #expect(result.steps.map(\.status) == [.timedOut, .passed])
        #expect(result.steps.first?.message == "'hangs' timed out after 500ms")
        for pid in try printedPIDs(result.steps.first?.logPath) { #expect(await processDies(pid), "pid \(pid) survived") }
    }

    @Test("a step that goes quiet past no_output_timeout is stopped and reported")
    func quiet() async throws {
        let (result, _) = try await run(
            """
                  - sh: 'echo started; sleep 30 & echo pid=$!; echo pid=$$; wait'
                    name: quiet
                    no_output_timeout: 300ms
            """)
        #expect(result.steps.first?.status == .timedOut)
        #expect(result.steps.first?.message == "'quiet' printed nothing for 300ms (no_output_timeout)")
        for pid in try printedPIDs(result.steps.first?.logPath) { #expect(await processDies(pid), "pid \(pid) survived") }
    }

    @Test("a timed-out step whose shell ignores SIGTERM is killed after the grace period")
    func timeoutIgnoringTerm() async throws {
        let (result, _) = try await run(
            """
                  - sh: 'trap "" TERM; echo pid=$$; while :; do sleep 0.05; done'
                    name: stubborn
                    timeout: 300ms
            """, gracePeriod: .milliseconds(300))
        #expect(result.steps.first?.status == .timedOut)
        let pids = try printedPIDs(result.steps.first?.logPath)
        #expect(pids.count == 1)
        for pid in pids { #expect(await processDies(pid), "pid \(pid) survived") }
    }

    @Test("a secret in a step's name or given by its env: reaches neither the console, nor the log, nor the log's file name")
    func secretsFromTheFileAreMasked() async throws {
        let (result, sink) = try await run(
            #"""
                  - sh: 'echo "$STEP_PASSWORD and $DEPLOY_TOKEN"'
                    name: deploy \#(Self.token)
                    env: { STEP_PASSWORD: "pw-literal-4711" }
            """#)
        #expect(result.status == .passed)
        let logPath = try #require(result.steps.first?.logPath)
        #expect(!logPath.contains(Self.token))
        #expect(try String(contentsOfFile: logPath, encoding: .utf8) == "******** and ********\n")
        #expect(!sink.sawWatchedText)
    }

    private func printedPIDs(_ logPath: String?) throws -> [pid_t] {
        let text = try String(contentsOfFile: try #require(logPath), encoding: .utf8)
        return text.split(separator: "\n").compactMap { $0.hasPrefix("pid=") ? pid_t($0.dropFirst(4)) : nil }
    }
}

/// A console that keeps nothing: it counts the lines written and remembers whether a given
/// text was ever written, so a 300,000-line step costs no memory in the test.
final class LineCountingSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private let watched: String
    private var lines = 0
    private var written: [UInt8] = []
    private var seen = false
    let isInteractive = false

    init(watching watched: String) {
        self.watched = watched
    }

    func write(_ text: String, to channel: OutputChannel) {
        write(bytes: Array(text.utf8), to: channel)
    }

    func write(bytes: [UInt8], to channel: OutputChannel) {
        lock.withLock {
            lines += bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            // Keep a rolling window, enough to catch a secret spanning two writes.
            written = Array((written + bytes).suffix(256))
            if String(decoding: written, as: UTF8.self).contains(watched) { seen = true }
        }
    }

    var outputLines: Int { lock.withLock { lines } }
    var sawWatchedText: Bool { lock.withLock { seen } }
}
