import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("StepOutputRecorder", .temporaryDirectory)
struct StepOutputRecorderTests {
    let secret = "s3cr3t-deploy-token"
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_750_000_000))
    let output = CapturingOutputSink()
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func recorder(log: String? = "step.log") -> StepOutputRecorder {
        StepOutputRecorder(
            secrets: RunSecrets(
                secrets: LanesFile(path: "lanes.yml", secrets: ["DEPLOY_TOKEN"]).secretValues(in: ["DEPLOY_TOKEN": secret])),
            logPath: log.map { "\(folder.path)/\($0)" }, logFiles: DiskStepLogFiles(),
            reporter: ConsoleReporter(output: output, style: ConsoleStyle(colour: false, timestamps: false), clock: clock),
            step: StepIdentity(lane: "ci", name: "build", kind: .step(.sh), depth: 0), clock: clock, condenser: XcodebuildCondenser(),
            tailLimit: 2)
    }

    private func log() throws -> String {
        try String(contentsOfFile: "\(folder.path)/step.log", encoding: .utf8)
    }

    @Test("the log gets every byte, masked, a secret split across chunks included; the console the same, indented")
    func logAndConsole() async throws {
        let recorder = recorder()
        await recorder.receive(.standardOutput, Array("token s3cr3t-dep".utf8))
        await recorder.receive(.standardOutput, Array("loy-token ok\nsecond".utf8))
        await recorder.receive(.standardError, Array("warning: \(secret)\n".utf8))
        await recorder.receive(.standardOutput, Array(" line\nthird\n".utf8))
        let recording = await recorder.finish()
        #expect(recording.logPath == "\(folder.path)/step.log")
        #expect(try log() == "token ******** ok\nwarning: ********\nsecond line\nthird\n")
        #expect(output.standardOutput == "    token ******** ok\n    warning: ********\n    second line\n    third\n")
        #expect(recording.tail == "second line\nthird")
    }

    @Test("a progress meter's \\r updates are lines of their own on the console and in the log; a CRLF, split or not, is one line end")
    func carriageReturns() async throws {
        let recorder = recorder()
        await recorder.receive(.standardOutput, Array("10%\r20%\r".utf8))
        await recorder.receive(.standardOutput, Array("100%\r".utf8))
        await recorder.receive(.standardOutput, Array("\ndone\r\nwindows\r".utf8))
        await recorder.receive(.standardOutput, Array("\nlast".utf8))
        let recording = await recorder.finish()
        #expect(try log() == "10%\n20%\n100%\ndone\nwindows\nlast")
        #expect(output.standardOutput == "    10%\n    20%\n    100%\n    done\n    windows\n    last\n")
        #expect(recording.tail == "windows\nlast")
    }

    @Test("a step that prints nothing leaves no empty log file behind")
    func quietStep() async throws {
        let recording = await recorder().finish()
        #expect(recording.logPath == nil)
        #expect(recording.tail == "")
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/step.log"))
    }

    @Test("a last line without a newline reaches the log as it is and the console as a line")
    func unterminatedLastLine() async throws {
        let recorder = recorder()
        await recorder.receive(.standardOutput, Array("done".utf8))
        #expect(await recorder.finish().tail == "done")
        #expect(try log() == "done")
        #expect(output.standardOutput == "    done\n")
    }

    @Test("condensed output: the console shows errors, warnings and phases, the log and the tail keep everything")
    func condensed() async throws {
        let recorder = recorder()
        let text = """
            SwiftCompile normal arm64 /a.swift
                cd /project && swiftc -very -long -command \(secret)
            /a.swift:1:1: warning: unused
            SwiftCompile normal arm64 /b.swift
            ** ARCHIVE SUCCEEDED **

            """
        let bytes = Array(text.utf8)
        await recorder.receive(.standardOutput, Array(bytes[..<30]), condensed: true)
        await recorder.receive(.standardOutput, Array(bytes[30...]), condensed: true)
        let tail = await recorder.finish().tail
        #expect(try log() == text.replacingOccurrences(of: secret, with: "********"))
        #expect(
            output.standardOutput == """
                    (condensed: errors, warnings and build phases, and what came before a failure; --verbose shows everything; all of it is in \(folder.path)/step.log)
                    ▸ Compiling
                    /a.swift:1:1: warning: unused
                    ** ARCHIVE SUCCEEDED **

                """)
        #expect(tail == "SwiftCompile normal arm64 /b.swift\n** ARCHIVE SUCCEEDED **")
    }

    @Test("the run's policy: condensed only on an interactive terminal, outside Jenkins, without --verbose")
    func condensingPolicy() {
        #expect(RunOptions.condensesToolOutput(interactive: true, ci: CIEnvironment([:]), verbose: false))
        #expect(!RunOptions.condensesToolOutput(interactive: true, ci: CIEnvironment([:]), verbose: true))
        #expect(!RunOptions.condensesToolOutput(interactive: false, ci: CIEnvironment([:]), verbose: false))
        #expect(!RunOptions.condensesToolOutput(interactive: true, ci: CIEnvironment(["JENKINS_URL": "https://ci/"]), verbose: false))
        #expect(!RunOptions.condensesToolOutput(interactive: true, ci: CIEnvironment(["BUILD_NUMBER": "12"]), verbose: false))
    }
}
