import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftRunnerBuilder
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Runs its step's command the way the archive and export steps run xcodebuild: condensed.
private struct CondensedToolPerformer: StepPerformer {
    func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        try await context.run(ShellCommand("/usr/bin/xcodebuild", ["archive"]), display: .condensed)
    }
}

/// Issue #14 §1: a failing step whose output the terminal condensed must never show only a
/// summary; the lines the condensed view hid before the failure follow it.
@Suite("Condensed output of a failing step", .temporaryDirectory)
struct CondensedFailureTests {
    let harness: LaneRunnerHarness
    let state: TemporaryFolder

    init() throws {
        harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                lanes:
                  beta:
                    steps:
                      - sh: archive
                """)
        state = try TemporaryFolder()
    }

    private func run(_ output: String, _ termination: Termination, condensing: Bool = true) async throws -> (LaneResult, String) {
        await harness.shell.on(["/usr/bin/xcodebuild"], .output([(.standardOutput, output)], termination))
        var builder = harness.builder()
        builder.performers = [.sh: CondensedToolPerformer()]
        builder.outputCondenser = { XcodebuildCondenser() }
        builder.options = RunOptions(condensesToolOutput: condensing, stateDirectory: state.path, runID: "test")
        let result = try await builder.build().run("beta")
        return (result, harness.output.standardOutput)
    }

    /// A codesign failure whose reason is a line no rule knows: only the failure tail shows it.
    static let unknownReason = """
        SwiftCompile normal arm64 /src/App/AppDelegate.swift (in target 'App' from project 'App')
            cd /src
        CodeSign /out/App.app (in target 'App' from project 'App')
            cd /src
            Signing Identity:     "Apple Distribution: Example Ltd (AB12CD34EF)"
            /usr/bin/codesign --force --sign 0F6A1C9B --keychain-password s3cr3t-token /out/App.app
        /out/App.app: the keychain asked for a password nobody typed
        Command CodeSign failed with a nonzero exit code

        ** ARCHIVE FAILED **

        """

    @Test("a failing step shows what the condensed view hid, masked, before the step's failure line")
    func failureShowsHiddenLines() async throws {
        let (result, console) = try await run(Self.unknownReason, .exited(65))
        #expect(result.status == .failed)
        let intro = try #require(console.range(of: "── last 7 lines of xcodebuild output (the condensed view hid them; all of it is in "))
        let banner = try #require(console.range(of: "** ARCHIVE FAILED **"))
        let failure = try #require(console.range(of: "✘ archive"))
        #expect(banner.upperBound <= intro.lowerBound && intro.upperBound <= failure.lowerBound)
        let tail = console[intro.upperBound..<failure.lowerBound]
        #expect(tail.contains("/out/App.app: the keychain asked for a password nobody typed"))
        #expect(tail.contains("    Signing Identity:     \"Apple Distribution: Example Ltd (AB12CD34EF)\""))
        #expect(tail.contains("--keychain-password ******** /out/App.app"))
        #expect(!console.contains("s3cr3t-token"))
    }

    @Test("a step that succeeds shows only the condensed view")
    func successShowsNoHiddenLines() async throws {
        let output = Self.unknownReason.replacingOccurrences(of: "** ARCHIVE FAILED **", with: "** ARCHIVE SUCCEEDED **")
        let (result, console) = try await run(output, .exited(0))
        #expect(result.status == .passed)
        #expect(!console.contains("── last"))
        #expect(!console.contains("nobody typed"))
    }

    @Test("a failure banner is a failure even when xcodebuild exits 0")
    func bannerAloneIsAFailure() async throws {
        let (_, console) = try await run(Self.unknownReason, .exited(0))
        #expect(console.contains("── last 7 lines of xcodebuild output"))
        #expect(console.contains("nobody typed"))
    }

    @Test("when the output is shown whole (--verbose, Jenkins, a pipe), a failure repeats nothing")
    func wholeOutputRepeatsNothing() async throws {
        let (_, console) = try await run(Self.unknownReason, .exited(65), condensing: false)
        #expect(!console.contains("── last"))
        #expect(console.components(separatedBy: "nobody typed").count == 2)
    }
}
