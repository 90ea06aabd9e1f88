import NightshiftCore
import NightshiftReporting
import NightshiftSystem
import Testing

/// The console under a CI engine (`CIEnvironment`, in Core): plain, as its log is no terminal.
@Suite("The console style under CI")
struct CIConsoleStyleTests {
    /// The style the command's one reading of its variables gives.
    private func detect(_ variables: EnvironmentVariables) -> ConsoleStyle {
        ConsoleStyle.detect(interactive: true, environment: variables, ci: CIEnvironment(variables), noColorFlag: false)
    }

    @Test("inside Jenkins the console is plain even on a terminal; outside, a terminal gets colour")
    func jenkins() {
        let style = detect(["BUILD_NUMBER": "42"])
        #expect(style == ConsoleStyle(colour: false, timestamps: true))
        #expect(detect(["TERM": "xterm"]).colour)
        #expect(!detect(["JENKINS_URL": "https://ci/"]).colour)
    }

    @Test("inside Buildkite the console is plain and draws no live progress")
    func buildkite() {
        let style = detect(["BUILDKITE": "true"])
        #expect(!style.colour && !style.liveProgress)
    }
}
