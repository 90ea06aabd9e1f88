import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// A `test:` step's context for performer tests: a lanes file with a project, the run in a
/// temporary folder, a strict `ScriptedShellRunner` behind `FileMakingShell` (which makes the
/// files xcodebuild would) behind `ArgumentLimitShell` (which refuses what a Mac's kernel
/// would), and a manual clock.
struct TestStepTestContext {
    let root: String
    let scripted = ScriptedShellRunner()
    let clock = ManualClock()
    let cleanup = CleanupStack()
    let output = CapturingOutput()
    let enumerated: [String]

    init(root: String, enumerated: [String] = []) {
        self.root = root
        self.enumerated = enumerated
    }

    var folders: RunFolders { RunFolders(runID: "run-1", logs: .test("\(root)/run"), output: .test("\(root)/run/output")) }
    var tests: String { "\(root)/run/output/tests/test" }

    func context(_ settings: TestStepSettings, details: StepDetails = StepDetails()) -> StepContext {
        let file = LanesFile(
            path: "lanes.yml", project: Project(name: "Brewer", workspace: "Brewer.xcworkspace", scheme: "Brewer"),
            lanes: [Lane(name: "nightly", steps: [Step(.test(settings))])])
        let output = self.output
        var context = StepContext(
            lanesFile: file, lane: file.lanes[0], step: file.lanes[0].steps[0], configuration: nil,
            environment: ["HOME": "\(root)/home"], folders: folders,
            shell: ArgumentLimitShell(inner: FileMakingShell(inner: scripted, enumerated: enumerated)), clock: clock,
            secrets: RunSecrets(secrets: file.secretValues(in: [:])),
            cleanup: cleanup, exports: RunExports(), directory: root, isDryRun: false,
            emit: { channel, bytes in await output.append(channel, bytes) })
        context.details = details
        return context
    }

    /// Runs every registered cleanup action, newest first, as the lane runner does.
    func runCleanup() async throws {
        for action in await cleanup.drain() { try await action.perform() }
    }

    static let udids = [
        "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333",
    ]

    /// simctl and xcodebuild answering as on a machine with the recorded simulators.
    func scriptTools(shards: Int = 1, bootStatus: ScriptedShellRunner.Response = .succeeds) async throws {
        let path = try #require(Bundle.module.path(forResource: "simctl-list.bitrise", ofType: "json", inDirectory: "Fixtures/simctl"))
        let listing = try String(contentsOfFile: path, encoding: .utf8)
        await scripted.on(
            ["xcodebuild", "-list", "-json"],
            .output([(.standardOutput, #"{"workspace": {"name": "Brewer", "schemes": ["Brewer"]}}"#)], .exited(0)))
        await scripted.on(["xcrun", "simctl", "list", "--json"], .output([(.standardOutput, listing)], .exited(0)))
        await scripted.on(
            ["xcrun", "simctl", "create"], responses: Self.udids.prefix(shards).map { .output([(.standardOutput, $0 + "\n")], .exited(0)) })
        await scripted.on(["xcrun", "simctl", "boot"], .succeeds)
        await scripted.on(["xcrun", "simctl", "bootstatus"], bootStatus)
        await scripted.on(["xcrun", "simctl", "shutdown"], .succeeds)
        await scripted.on(["xcrun", "simctl", "delete"], .succeeds)
        await scripted.on(["xcrun", "simctl", "--set"], .output([(.standardOutput, #"{"devices": {}}"#)], .exited(0)))
    }

    /// `xcresulttool get test-results tests|summary` for `bundle`, holding `results` (identifier → Passed|Failed).
    func scriptResults(_ bundle: String, _ results: [(String, String)]) async {
        await scripted.on(
            ["xcrun", "xcresulttool", "get", "test-results", "tests", "--path", bundle],
            .output([(.standardOutput, XCResultJSON.tests(results))], .exited(0)))
        await scripted.on(
            ["xcrun", "xcresulttool", "get", "test-results", "summary", "--path", bundle],
            .output([(.standardOutput, XCResultJSON.summary(results))], .exited(0)))
    }

    var commands: [[String]] { get async { await scripted.argvs } }
}

/// Makes what xcodebuild makes before the scripted shell answers: the `.xctestrun` of
/// `build-for-testing`, the enumeration JSON, the result bundle folder.
struct FileMakingShell: ShellRunner {
    let inner: ScriptedShellRunner
    let enumerated: [String]

    func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws -> Termination {
        let arguments = command.arguments
        func value(_ option: String) -> String? { arguments.firstIndex(of: option).map { arguments[$0 + 1] } }
        if arguments.first == "build-for-testing", let derived = value("-derivedDataPath") {
            try FileManager.default.createDirectory(atPath: derived + "/Build/Products", withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: derived + "/Build/Products/Brewer_iphonesimulator18.2-arm64.xctestrun"))
        }
        if arguments.contains("-enumerate-tests"), let output = value("-test-enumeration-output-path") {
            let entries = enumerated.map { #"{"identifier": "\#($0)"}"# }.joined(separator: ", ")
            try #"{"errors": [], "values": [{"enabledTests": [\#(entries)], "disabledTests": []}]}"#.write(
                toFile: output, atomically: true, encoding: .utf8)
        } else if let bundle = value("-resultBundlePath") {
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        }
        return try await inner.run(command, onOutput: onOutput)
    }
}

/// Minimal `get test-results` JSON in Xcode 16's shape.
enum XCResultJSON {
    static func tests(_ results: [(String, String)]) -> String {
        let cases = results.map { identifier, result in
            let parts = identifier.split(separator: "/")
            let message = result == "Failed" ? #", "children": [{"name": "T.swift:3: failed", "nodeType": "Failure Message"}]"# : ""
            return
                #"{"name": "\#(parts.last!)", "nodeType": "Test Case", "nodeIdentifier": "\#(parts.dropFirst().joined(separator: "/"))", "result": "\#(result)", "durationInSeconds": 1\#(message)}"#
        }
        return
            #"{"devices": [], "testPlanConfigurations": [], "testNodes": [{"name": "Brewer", "nodeType": "Test Plan", "children": [{"name": "BrewerTests", "nodeType": "Unit test bundle", "children": [\#(cases.joined(separator: ", "))]}]}]}"#
    }

    static func summary(_ results: [(String, String)]) -> String {
        let failed = results.filter { $0.1 == "Failed" }.count
        let failures = results.filter { $0.1 == "Failed" }.map {
            #"{"testName": "\#($0.0)", "targetName": "BrewerTests", "failureText": "failed", "testIdentifier": 1}"#
        }
        return
            #"{"result": "\#(failed > 0 ? "Failed" : "Passed")", "totalTestCount": \#(results.count), "passedTests": \#(results.count - failed), "failedTests": \#(failed), "skippedTests": 0, "expectedFailures": 0, "devicesAndConfigurations": [{}], "testFailures": [\#(failures.joined(separator: ", "))]}"#
    }
}

/// Durations as the run history would give them.
struct RecordedDurations: TestDurationHistory {
    let durations: [String: Double]
    func lastDurations(lane: String, step: String) async -> [String: Double] { durations }
}
