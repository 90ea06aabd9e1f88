import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftEngineTestSupport
import NightshiftRunnerTestSupport

/// `xcode:` (issue #39): the lane's Xcode reaches every command as DEVELOPER_DIR, chosen before
/// any step; a miss names what is installed.
@Suite("xcode: selection")
struct XcodeSelectionTests {
    private func harness(_ yaml: String, installs: FakeXcodeInstalls = .machine) throws -> LaneRunnerHarness {
        var harness = try LaneRunnerHarness(yaml: yaml)
        harness.xcodeInstalls = installs
        return harness
    }

    @Test("a patch-less version takes the newest patch, and every command of every step gets its DEVELOPER_DIR")
    func patchlessPinReachesEveryCommand() async throws {
        let harness = try harness(
            """
            xcode: "26.2"
            lanes:
              build:
                steps:
                  - sh: xcodebuild -version
                  - sh: xcrun simctl list
            """)
        await harness.shell.on(["/bin/sh"], .succeeds)
        let result = try await harness.run("build")
        #expect(result.status == .passed)
        let commands = await harness.shell.commands
        #expect(commands.count == 2)
        for command in commands {
            #expect(command.environment["DEVELOPER_DIR"] == "/Applications/Xcode-26.2.1.app/Contents/Developer")
        }
        #expect(result.xcode?.versionName == "26.2.1")
        #expect(result.xcode?.build == "17C60")
        #expect(
            harness.output.standardError.contains("Xcode 26.2.1 (17C60): DEVELOPER_DIR=/Applications/Xcode-26.2.1.app/Contents/Developer"))
    }

    @Test("the step's environment holds it too, after the lane's env: (a script reads the lane's Xcode)")
    func stepEnvironmentHoldsDeveloperDir() async throws {
        let harness = try harness(
            """
            lanes:
              build:
                xcode: 26.1.1
                env: { DEVELOPER_DIR: /elsewhere }
                steps:
                  - sh: echo "$DEVELOPER_DIR"
            """)
        await harness.shell.on(["/bin/sh"], .succeeds)
        _ = try await harness.run("build")
        let command = try #require(await harness.shell.commands.first)
        #expect(command.environment["DEVELOPER_DIR"] == "/Applications/Xcode_26.1.1.app/Contents/Developer")
    }

    @Test("a lane's own xcode: wins over its configuration's, which wins over the file's; a called lane keeps its caller's")
    func precedence() async throws {
        let harness = try harness(
            """
            xcode: latest
            configurations:
              release:
                certificate: c
                provisioning_profile: p
                build_configuration: Release
                app_identifier: com.example.app
                export_method: ad-hoc
                xcode: "26.1"
            lanes:
              own:
                configuration: release
                xcode: 26.2
                steps:
                  - sh: own
                  - lane: helper
              configured:
                configuration: release
                steps:
                  - sh: configured
              plain:
                steps:
                  - sh: plain
              helper:
                steps:
                  - sh: helper
            """)
        await harness.shell.on(["/bin/sh"], .succeeds)
        for lane in ["own", "configured", "plain"] { _ = try await harness.run(lane) }
        let seen = await harness.shell.commands.map { ($0.arguments.last ?? "", $0.environment["DEVELOPER_DIR"] ?? "") }
        #expect(seen.map(\.0) == ["own", "helper", "configured", "plain"])
        #expect(
            seen.map(\.1) == [
                "/Applications/Xcode-26.2.1.app/Contents/Developer", "/Applications/Xcode-26.2.1.app/Contents/Developer",
                "/Applications/Xcode_26.1.1.app/Contents/Developer", "/Applications/Xcode-26.2.1.app/Contents/Developer",
            ])
    }

    @Test("no xcode: anywhere: commands carry no DEVELOPER_DIR (the machine's selected Xcode), and reports name none")
    func unsetKeepsTodaysBehaviour() async throws {
        let harness = try harness("lanes: { build: { steps: [ { sh: make } ] } }")
        await harness.shell.on(["/bin/sh"], .succeeds)
        let result = try await harness.run("build")
        #expect(await harness.shell.commands.first?.environment["DEVELOPER_DIR"] == nil)
        #expect(result.xcode == nil)
    }

    @Test("a version nothing installed matches fails before any step, located, listing the Xcodes with versions and builds")
    func missListsInstalls() async throws {
        let harness = try harness(
            """
            lanes:
              build:
                xcode: "26.3"
                steps:
                  - sh: make
            """)
        let error = await #expect(throws: RunPreparationError.self) { try await harness.runner().run("build") }
        let text = try #require(error).description
        #expect(text.contains("lanes.yml:3:12: error: xcode '26.3': no installed Xcode is 26.3"))
        #expect(text.contains("Xcode 26.2 (17C52) at /Applications/Xcode_26.2.app"))
        #expect(text.contains("Xcode 27.0 beta 3 (18A5310h) at /Applications/Xcode-27.0.0-Beta.3.app"))
        #expect(await harness.shell.commands.isEmpty)
    }

    @Test("latest is the newest release, never a beta; a beta is chosen only by asking for one")
    func latestAndBetas() throws {
        let selector = XcodeSelector(installs: FakeXcodeInstalls.machine, lanesFolder: "/work", home: nil)
        func pick(_ text: String) -> String? {
            guard case .found(let install) = selector.select(XcodeRequirement(parsing: text)!) else { return nil }
            return install.app
        }
        #expect(pick("latest") == "/Applications/Xcode-26.2.1.app")
        #expect(pick("27.0") == nil)
        #expect(pick("27.0 beta 3") == "/Applications/Xcode-27.0.0-Beta.3.app")
        #expect(pick("27 beta") == "/Applications/Xcode-27.0.0-Beta.3.app")
        #expect(pick("27.0 beta 2") == nil)
        #expect(pick("26.2.0") == "/Applications/Xcode_26.2.app")
        #expect(pick("26") == "/Applications/Xcode-26.2.1.app")
        #expect(pick("/Applications/Xcode_26.2.app/Contents/Developer") == "/Applications/Xcode_26.2.app")
    }

    @Test("a beta's number is known from its file name only: when it is not, the miss says how to ask for any beta")
    func unnumberedBeta() throws {
        let installs = FakeXcodeInstalls([FakeXcodeInstalls.xcode("27.0", "18A5300f", app: "/Applications/Xcode-beta.app", beta: nil)])
        var beta = installs
        beta.installs[0].isBeta = true
        let selector = XcodeSelector(installs: beta, lanesFolder: "/work", home: nil)
        guard case .miss(let problem) = selector.select(XcodeRequirement(parsing: "27.0 beta 3")!) else {
            Issue.record("an unnumbered beta matched beta 3")
            return
        }
        #expect(problem.notes.contains { $0.contains("'27.0 beta' takes any beta") })
        #expect(problem.notes.contains("  Xcode 27.0 beta (18A5300f) at /Applications/Xcode-beta.app"))
        guard case .found = selector.select(XcodeRequirement(parsing: "27.0 beta")!) else {
            Issue.record("27.0 beta did not take the installed beta")
            return
        }
    }

    @Test("an App Store export built with a beta Xcode is refused before the build")
    func appStoreWithBetaRefused() async throws {
        var harness = try harness(
            """
            project: { name: App, scheme: App }
            codesigning: { path: signing }
            configurations:
              store:
                certificate: c
                provisioning_profile: p
                build_configuration: Release
                app_identifier: com.example.app
                export_method: app-store
            lanes:
              release:
                configuration: store
                xcode: 27.0 beta 3
                steps:
                  - package
            """)
        harness.performers = [.sh: ShellStepPerformer(), .package: ScriptedStepPerformer()]
        let error = await #expect(throws: RunPreparationError.self) { try await harness.runner().run("release") }
        let text = try #require(error).description
        #expect(text.contains("exports for the App Store with Xcode 27.0 beta 3 (18A5310h), a beta"))
        #expect(await harness.shell.commands.isEmpty)
    }

    @Test("a called lane with its own Xcode is checked before the run with that Xcode, apart from its caller's steps")
    func preflightPerXcode() async throws {
        var harness = try harness(
            """
            lanes:
              nightly:
                xcode: "26.2"
                steps:
                  - sh: one
                  - lane: legacy
              legacy:
                xcode: 26.1.1
                steps:
                  - sh: two
            """)
        let seen = PreflightXcodes()
        harness.performers = [.sh: PreflightRecorder(seen: seen)]
        _ = try await harness.runner().run("nightly")
        #expect(seen.apps.sorted() == ["/Applications/Xcode-26.2.1.app", "/Applications/Xcode_26.1.1.app"])
    }
}

/// Performs nothing: the step kinds a test needs registered but never reached.
private struct ScriptedStepPerformer: StepPerformer {
    func perform(_ step: Step, in context: StepContext) async throws -> Termination { .exited(0) }
}

/// The Xcode each preflight was handed.
private final class PreflightXcodes: Sendable {
    private let seen = LockedValue<[String]>([])
    var apps: [String] { seen.withLock { $0 } }
    func record(_ app: String) { seen.withLock { $0.append(app) } }
}

private struct PreflightRecorder: StepPerformer {
    let seen: PreflightXcodes
    func perform(_ step: Step, in context: StepContext) async throws -> Termination { .exited(0) }
    func preflight(_ steps: [Step], in context: StepContext) async throws { seen.record(context.xcode?.app ?? "none") }
}
