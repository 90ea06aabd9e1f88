import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("ConsoleReporter")
struct ConsoleReporterTests {
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_750_000_000))
    let step = StepIdentity(lane: "ci", name: "build", kind: .step(.sh), depth: 1)

    private func reporter(colour: Bool = false, timestamps: Bool = false) -> (ConsoleReporter, CapturingOutputSink) {
        let output = CapturingOutputSink()
        return (ConsoleReporter(output: output, style: ConsoleStyle(colour: colour, timestamps: timestamps), clock: clock), output)
    }

    @Test("step output is indented beneath its step, one line each, a missing last newline added")
    func indentedOutput() {
        let (reporter, output) = reporter()
        reporter.stepOutput(Array("one\ntwo\n\nlast".utf8), channel: .standardOutput, step: step)
        #expect(output.standardOutput == "      one\n      two\n      \n      last\n")
    }

    @Test("in colour, stdout lines are dimmed and stderr lines yellow, each closed before its newline")
    func colours() {
        let (reporter, output) = reporter(colour: true)
        reporter.stepOutput(Array("out\n".utf8), channel: .standardOutput, step: step)
        reporter.stepOutput(Array("err\nerr2\n".utf8), channel: .standardError, step: step)
        #expect(output.standardOutput == "\u{1B}[2m      out\u{1B}[0m\n\u{1B}[33m      err\u{1B}[0m\n\u{1B}[33m      err2\u{1B}[0m\n")
    }

    @Test("under Jenkins or a pipe: no colour, a timestamp on every step line")
    func plainStyle() {
        let jenkins = ConsoleStyle.detect(
            interactive: true, environment: ["BUILD_NUMBER": "7"], ci: CIEnvironment(["BUILD_NUMBER": "7"]), noColorFlag: false)
        #expect(jenkins == ConsoleStyle(colour: false, timestamps: true))
        #expect(
            ConsoleStyle.detect(interactive: false, environment: [:], ci: CIEnvironment([:]), noColorFlag: false)
                == ConsoleStyle(colour: false, timestamps: true))
        #expect(
            ConsoleStyle.detect(interactive: true, environment: [:], ci: CIEnvironment([:]), noColorFlag: false)
                == ConsoleStyle(colour: true, timestamps: false, liveProgress: true))
        #expect(
            ConsoleStyle.detect(interactive: true, environment: ["NO_COLOR": ""], ci: CIEnvironment(["NO_COLOR": ""]), noColorFlag: false)
                .colour == false)
        let (reporter, output) = reporter(timestamps: true)
        reporter.stepStarted(step)
        reporter.stepFinished(
            StepResult(lane: "ci", name: "build", kind: .step(.sh), status: .passed, start: clock.now, duration: .seconds(2)))
        #expect(output.standardOutput == "[2025-06-15T15:06:40Z]   ▶ build\n[2025-06-15T15:06:40Z] ✔ build (2.0s)\n")
        #expect(!output.standardOutput.contains("\u{1B}"))
    }

    @Test("the summary table lists every step with its duration and result, then the total")
    func summaryTable() {
        let start = clock.now
        let result = LaneResult(
            lane: "release", status: .failed,
            steps: [
                StepResult(lane: "release", name: "test", kind: .step(.sh), status: .passed, start: start, duration: .seconds(12)),
                StepResult(lane: "release", name: "archive", kind: .step(.archive), status: .failed, start: start, duration: .seconds(95)),
                StepResult(lane: "release", name: "upload", kind: .step(.upload), status: .notRun, start: start),
                StepResult(
                    lane: "release", name: "tidy", kind: .step(.sh), status: .failedIgnored, start: start, duration: .milliseconds(300)),
            ],
            start: start, duration: .seconds(108), runID: "r1", logFolder: ".nightshift/runs/release/r1")
        let (reporter, output) = reporter()
        reporter.laneFinished(result)
        #expect(
            output.standardOutput == """

                step     duration  result
                -------  --------  ----------------
                test     12.0s     passed
                archive  1m35s     failed
                upload   -         not run
                tidy     0.3s      failed (ignored)

                lane release failed in 1m48s
                logs: .nightshift/runs/release/r1

                """)
    }

    @Test("newlines are counted exactly, also across the 64-byte blocks")
    func lineCount() {
        for length in [1, 63, 64, 65, 200, 1000] {
            for newlineEvery in [1, 7, 64, 1000] {
                let text = (0..<length).map { $0 % newlineEvery == newlineEvery - 1 ? UInt8(ascii: "\n") : UInt8(ascii: "x") }
                let expected =
                    text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                    - (text.last == UInt8(ascii: "\n") ? 1 : 0)
                let counted = text.withUnsafeBufferPointer { LineDecoration.lineCount($0.baseAddress!, $0.count) }
                #expect(counted == expected, "length \(length), newline every \(newlineEvery)")
            }
        }
    }
}

@Suite("DurationFormatting")
struct DurationFormattingTests {
    @Test("timestamps are ISO 8601 in UTC, as Foundation writes them, fractions dropped")
    func timestamps() {
        for seconds in [0, 1_750_000_000, 1_750_000_000.999, 951_782_400, 4_102_444_799] as [Double] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(UTCTimestamp.iso8601(date) == date.formatted(.iso8601), "\(seconds)")
        }
    }

    @Test("short durations: tenths under a minute, then minutes and seconds, then hours and minutes")
    func short() {
        #expect(DurationFormatting.short(.milliseconds(40)) == "0.0s")
        #expect(DurationFormatting.short(.milliseconds(1_260)) == "1.3s")
        #expect(DurationFormatting.short(.milliseconds(59_960)) == "1m00s")
        #expect(DurationFormatting.short(.seconds(125)) == "2m05s")
        #expect(DurationFormatting.short(.seconds(3_725)) == "1h02m")
    }
}

@Suite("ConsoleReporter and escape sequences in step output")
struct ConsoleReporterEscapeTests {
    let step = StepIdentity(lane: "ci", name: "build", kind: .step(.sh), depth: 0)
    let hostile = Array("\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{1B}[0m\n".utf8)

    private func shown(colour: Bool, _ chunks: [[UInt8]]) -> String {
        let output = CapturingOutputSink()
        let reporter = ConsoleReporter(
            output: output, style: ConsoleStyle(colour: colour, timestamps: false),
            clock: ManualClock(now: Date(timeIntervalSince1970: 0)))
        for chunk in chunks { reporter.stepOutput(chunk, channel: .standardOutput, step: step) }
        return output.standardOutput
    }

    @Test("without colour, sequences never reach the console, also split across two chunks")
    func strippedWithoutColour() {
        #expect(shown(colour: false, [hostile]) == "    red\n")
        let cut = 7
        #expect(shown(colour: false, [Array(hostile[..<cut]), Array(hostile[cut...])]) == "    red\n")
    }

    @Test("in colour, the step's own sequences are passed on")
    func keptInColour() {
        #expect(shown(colour: true, [hostile]).contains("\u{1B}]0;pwned\u{07}\u{1B}[31mred"))
    }
}
