import NightshiftReporting
import NightshiftSystem
import Testing

/// The console under a CI engine (`CIEnvironment`, in Core): plain, as its log is no terminal.
@Suite("The console style under CI")
struct CIConsoleStyleTests {
    @Test("inside Jenkins the console is plain even on a terminal; outside, a terminal gets colour")
    func jenkins() {
        let style = ConsoleStyle.detect(interactive: true, environment: ["BUILD_NUMBER": "42"], noColorFlag: false)
        #expect(style == ConsoleStyle(colour: false, timestamps: true))
        #expect(ConsoleStyle.detect(interactive: true, environment: ["TERM": "xterm"], noColorFlag: false).colour)
        #expect(!ConsoleStyle.detect(interactive: true, environment: ["JENKINS_URL": "https://ci/"], noColorFlag: false).colour)
    }

    @Test("inside Buildkite the console is plain and draws no live progress")
    func buildkite() {
        let style = ConsoleStyle.detect(interactive: true, environment: ["BUILDKITE": "true"], noColorFlag: false)
        #expect(!style.colour && !style.liveProgress)
    }
}
