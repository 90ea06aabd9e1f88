import NightshiftCore
import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Progress on a live terminal")
struct LiveProgressTests {
    @Test("a live terminal redraws the line in place; output lines erase it first; plain consoles ignore it")
    func consoleReporterRedraws() {
        let step = StepIdentity(lane: "beta", name: "upload to http", kind: .step(.upload), depth: 0)
        let live = CapturingOutputSink()
        let reporter = ConsoleReporter(
            output: live, style: ConsoleStyle(colour: false, timestamps: false, liveProgress: true), clock: ManualClock())
        reporter.stepProgress("uploading 10% 1.0 MB of 10.0 MB", step: step)
        reporter.stepProgress("uploading 20% 2.0 MB of 10.0 MB", step: step)
        reporter.stepOutput(Array("PUT https://x/: HTTP 503; retrying in 2.0s\n".utf8), channel: .standardOutput, step: step)
        reporter.stepProgress(nil, step: step)
        #expect(
            live.standardOutput == "\r\u{1B}[2K    uploading 10% 1.0 MB of 10.0 MB\r\u{1B}[2K    uploading 20% 2.0 MB of 10.0 MB"
                + "\r\u{1B}[2K    PUT https://x/: HTTP 503; retrying in 2.0s\n\r\u{1B}[2K")
        let plain = CapturingOutputSink()
        let piped = ConsoleReporter(output: plain, style: ConsoleStyle(colour: false, timestamps: true), clock: ManualClock())
        piped.stepProgress("uploading 10%", step: step)
        #expect(plain.standardOutput.isEmpty)
    }

    @Test(
        "live progress only on a terminal outside CI, and not on a dumb one",
        arguments: [
            (true, [:], true), (false, [:], false), (true, ["JENKINS_URL": "https://ci/"], false),
            (true, ["BUILD_NUMBER": "12"], false), (true, ["TERM": "dumb"], false), (true, ["NO_COLOR": "1"], true),
        ] as [(Bool, [String: String], Bool)])
    func detection(interactive: Bool, environment: [String: String], expected: Bool) {
        let variables = EnvironmentVariables(environment)
        let style = ConsoleStyle.detect(interactive: interactive, environment: variables, ci: CIEnvironment(variables), noColorFlag: false)
        #expect(style.liveProgress == expected)
    }
}
