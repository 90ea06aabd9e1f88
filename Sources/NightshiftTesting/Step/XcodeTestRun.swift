internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// One `test:` step of an Xcode scheme: check the names, pick and create the simulators (booting
/// while the build runs), `build-for-testing` once (or reuse it on a resumed run), list the
/// tests, run the shards side by side, re-run what failed, read every result bundle, finish.
struct XcodeTestRun {
    let settings: TestStepSettings
    let context: StepContext
    let tools: TestTools
    let durations: any TestDurationHistory
    let folder: TestStepFolder
    let commands: XcodebuildTestCommands
    let destination: TestDestination?

    init(
        settings: TestStepSettings, scheme: Template?, testPlan: Template?, destination: TestDestination?, context: StepContext,
        tools: TestTools, durations: any TestDurationHistory
    ) throws {
        guard let project = context.lanesFile.project else {
            throw StepFailure("'test:' with a scheme needs 'project:' in \(context.lanesFile.path)", reason: .missingSetting)
        }
        self.settings = settings
        self.context = context
        self.tools = tools
        self.durations = durations
        self.destination = destination
        folder = try TestStepFolder(context: context, settings: settings)
        let target = XcodebuildTestCommands.Target(
            workspace: project.workspace.map(context.resolve), project: project.xcodeProject.map(context.resolve),
            scheme: context.resolve(scheme ?? project.scheme ?? project.name), testPlan: testPlan.map(context.resolve))
        commands = XcodebuildTestCommands(xcodebuild: tools.xcodebuild, target: target, coverage: settings.coverageMinimum != nil)
    }

    var isDryRun: Bool { context.isDryRun }

    func run() async throws -> Termination {
        if !isDryRun { try folder.prepare() }
        try await checkNames()
        let fleet = SimulatorFleet(commands: SimulatorCommands(xcrun: tools.xcrun), context: context)
        let destinations: [String]
        var simulators: [SimulatorFleet.Simulator] = []
        switch destination {
        case .raw(let raw):
            destinations = [context.resolve(raw)]
        case .simulator, nil:
            let choice = try await chooseSimulator()
            let names = (1...settings.shards).map {
                SimulatorFleet.name(runID: context.folders.runID, step: "", shard: $0)
            }
            simulators = try await fleet.create(names, choice: choice)
            destinations = simulators.map { "id=\($0.udid)" }
        }
        let xctestrun = try await bootWhileBuilding(simulators, fleet: fleet, destination: destinations[0])
        let shards = try await plan(xctestrun: xctestrun, destination: destinations[0], count: destinations.count)
        var runner = ShardRunner(run: self, xctestrun: xctestrun)
        try await runner.runShards(shards, on: destinations)
        try await runner.retry(on: destinations)
        let coverage = try await runner.coverage()
        try await fleet.deleteAll(simulators)
        return try await TestStepFinish(context: context, settings: settings, folder: folder)
            .finish(invocations: runner.invocations, merger: runner.merger, coverage: coverage, problems: runner.problems)
    }

    /// The simulators boot while the tests build: neither waits for the other, and the first to
    /// fail ends the other (a simulator that cannot boot makes the build useless, however long it
    /// has left). A dry run prints the boots first, so its listing is the same every time.
    private func bootWhileBuilding(
        _ simulators: [SimulatorFleet.Simulator], fleet: SimulatorFleet, destination: String
    ) async throws -> String {
        if isDryRun {
            try await fleet.boot(simulators, within: settings.bootTimeout)
            return try await buildForTesting(destination: destination)
        }
        return try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                try await fleet.boot(simulators, within: settings.bootTimeout)
                return nil
            }
            group.addTask { try await buildForTesting(destination: destination) }
            var xctestrun: String?
            for try await built in group where built != nil { xctestrun = built }
            return xctestrun ?? ""
        }
    }

    /// `xcodebuild -list -json` (and `-showTestPlans -json` for a plan): names that do not exist
    /// fail here, with a did-you-mean. Output that is not the documented JSON skips the check.
    private func checkNames() async throws {
        let container = commands.target.workspace ?? commands.target.project ?? "the project"
        let listing = try await context.shell.capture(commands.list)
        if isDryRun { return }
        if listing.succeeded, let schemes = XcodeProjectCheck.schemes(in: Data(listing.standardOutput.utf8)),
            let problem = XcodeProjectCheck.problem("scheme", commands.target.scheme, among: schemes, in: container)
        {
            throw StepFailure(problem, reason: .invalidSetting)
        }
        guard let plan = commands.target.testPlan else { return }
        let plans = try await context.shell.capture(commands.testPlans)
        if plans.succeeded, let known = XcodeProjectCheck.testPlans(in: Data(plans.standardOutput.utf8)),
            let problem = XcodeProjectCheck.problem("test plan", plan, among: known, in: "scheme '\(commands.target.scheme)'")
        {
            throw StepFailure(problem, reason: .invalidSetting)
        }
    }

    private func chooseSimulator() async throws -> SimulatorChoice {
        var device: String?
        var os: String?
        if case .simulator(let name, let version) = destination {
            device = context.resolve(name)
            os = version.map(context.resolve)
        }
        let command = SimulatorCommands(xcrun: tools.xcrun).list
        let listing = try await context.shell.capture(command)
        if isDryRun {
            await context.log("a dry run cannot list the simulators: the device type and runtime below stand for what simctl lists")
            return SimulatorChoice(
                deviceType: .init(name: device ?? "the newest iPhone", identifier: "<device type of '\(device ?? "the newest iPhone")'>"),
                runtime: .init(
                    name: os.map { "iOS \($0)" } ?? "the newest iOS",
                    identifier: "<runtime of \(os.map { "iOS \($0)" } ?? "the newest iOS")>",
                    version: os ?? "", platform: "iOS", isAvailable: true))
        }
        guard listing.succeeded, let catalog = SimulatorCatalog(json: Data(listing.standardOutput.utf8)) else {
            throw StepFailure(
                "simctl could not list the simulators (\(listing.termination)): \(listing.failureDetail)", reason: .simulatorUnavailable)
        }
        // Before this step makes its own: those of runs killed before their cleanup.
        await StaleSimulators(commands: SimulatorCommands(xcrun: tools.xcrun), context: context).delete(in: catalog)
        do {
            return try SimulatorChoice.choose(device: device, os: os, in: catalog)
        } catch {
            throw StepFailure(error.message, reason: .simulatorUnavailable)
        }
    }

    /// `build-for-testing` into the step's derived data, unless a resumed run finds it built
    /// from the same inputs; returns the `.xctestrun` to run.
    private func buildForTesting(destination: String) async throws -> String {
        let products = folder.build.testProducts.string
        let reuse = BuildForTestingReuse(stampPath: folder.buildStamp)
        if let xctestrun = reuse.reusable(fingerprint: context.journalFingerprint) {
            await context.log("↻ build-for-testing reused: inputs unchanged since it built \(xctestrun)")
            return xctestrun
        }
        if !isDryRun { reuse.invalidate() }
        let build = commands.buildForTesting(destination: destination, derivedData: folder.build.testDerivedData.string)
        let termination = try await context.runCompiling(
            build, container: commands.target.workspace ?? commands.target.project, xcodebuild: commands.xcodebuild)
        guard termination.succeeded else {
            throw StepFailure("xcodebuild build-for-testing failed with \(termination)", reason: .exitStatus)
        }
        if isDryRun {
            return "\(products)/<\(commands.target.scheme)_….xctestrun that build-for-testing writes>"
        }
        let xctestrun = try findTestRun(in: products)
        reuse.record(fingerprint: context.journalFingerprint, xctestrun: xctestrun)
        return xctestrun
    }

    /// `<Scheme>_<TestPlan>_<platform><version>-<arch>.xctestrun` (no plan part without a plan).
    private func findTestRun(in products: String) throws -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: products)) ?? []).filter { $0.hasSuffix(".xctestrun") }.sorted()
        let target = commands.target
        let prefix = target.testPlan.map { "\(target.scheme)_\($0)_" } ?? "\(target.scheme)_"
        guard let name = names.first(where: { $0.hasPrefix(prefix) }) ?? (names.count == 1 ? names.first : nil) else {
            let found = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw StepFailure(
                "build-for-testing succeeded but left no \(prefix)….xctestrun in \(products) (found: \(found))",
                reason: .missingBuildProduct)
        }
        return "\(products)/\(name)"
    }

    /// One shard: everything `only:`/`skip:` leave. Several: the enumerated tests by class,
    /// balanced by recorded durations.
    private func plan(xctestrun: String, destination: String, count: Int) async throws -> [[String]] {
        let only = settings.only.map(\.text)
        guard count > 1 else { return [only] }
        let enumerate = commands.enumerate(
            xctestrun: xctestrun, destination: destination, output: folder.enumeration, only: only, skip: settings.skip.map(\.text))
        let termination = try await context.run(enumerate, display: .condensed)
        if isDryRun {
            await context.log(
                "a dry run cannot list the tests: each shard below runs its share of the test classes, balanced by recorded durations")
            return (1...count).map { ["<the test classes of shard \($0)>"] }
        }
        guard termination.succeeded else {
            throw StepFailure(
                "xcodebuild could not list the tests to shard (-enumerate-tests needs Xcode 15 or later): \(termination)",
                reason: .exitStatus)
        }
        let tests: [String]
        do {
            tests = try TestEnumeration.enabledTests(in: try Data(contentsOf: URL(fileURLWithPath: folder.enumeration)))
        } catch let error as TestEnumerationError {
            throw StepFailure(error.message, reason: .testsFailed)
        } catch {
            throw StepFailure("xcodebuild's test enumeration could not be read: \(error)", reason: .testsFailed)
        }
        guard !tests.isEmpty else { throw StepFailure("xcodebuild lists no test to run (only/skip leave none?)", reason: .testsFailed) }
        // The history keeps names as reports show them: masked. Each test is looked up by its
        // masked name too, or a test named after a secret would never be known.
        let recorded = await durations.lastDurations(
            lane: context.masker.mask(context.lane.name), step: context.masker.mask(context.step.displayName))
        var known: [String: Double] = [:]
        for test in tests { known[test] = ShardPlanner.duration(of: context.masker.mask(test), in: recorded) }
        let plan = ShardPlanner.plan(identifiers: tests, shards: count, durations: known)
        let basis = plan.byDuration ? "by recorded durations" : "by test count (no durations recorded yet)"
        await context.log(
            "\(tests.count) tests in \(plan.shards.flatMap { $0 }.count) classes over \(plan.shards.count) shards, balanced \(basis)")
        return plan.shards.map { $0.map(\.identifier) }
    }
}

/// The tools a `test:` step runs, by name or path.
public struct TestTools: Sendable, Hashable {
    public var xcrun: String
    public var xcodebuild: String
    public var swift: String

    public init(xcrun: String = "xcrun", xcodebuild: String = "xcodebuild", swift: String = "swift") {
        self.xcrun = xcrun
        self.xcodebuild = xcodebuild
        self.swift = swift
    }
}
