public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// Runs `test:` steps: an Xcode scheme's tests on fresh simulators, in shards, with re-runs of
/// what failed (`XcodeTestRun`), or a SwiftPM package's through `swift test` (`SwiftPMTestRun`).
public struct TestStepPerformer: StepPerformer {
    let durations: any TestDurationHistory
    let tools: TestTools
    /// Held while a missing simulator runtime downloads (`install_runtime: true`).
    let runtimeLock: any RuntimeInstallLock
    var runtimeDownloads = RuntimeDownloadSchedule()

    /// `durations`: what earlier runs recorded, to balance shards (the run history's, wired by
    /// the App); `NoTestDurations` when there is none. `runtimeLock`: the machine's
    /// (`MachineRuntimeInstallLock`) for a real run; by default one held in this process only.
    public init(
        durations: any TestDurationHistory = NoTestDurations(), tools: TestTools = TestTools(),
        runtimeLock: any RuntimeInstallLock = ProcessRuntimeInstallLock()
    ) {
        self.durations = durations
        self.tools = tools
        self.runtimeLock = runtimeLock
    }

    /// Every destination's simulator runtime is there for the selected Xcode, or installed now.
    public func preflight(_ steps: [Step], in context: StepContext) async throws {
        try await RuntimeCheck(context: context, tools: tools, lock: runtimeLock, schedule: runtimeDownloads).ensure(steps)
    }

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard case .test(let settings) = step.kind else { throw StepFailure("'\(step.kind.keyword)' is not a test step") }
        switch settings.subject {
        case .xcode(let scheme, let testPlan, let destination):
            if case .raw = destination, settings.shards > 1 {
                throw StepFailure(
                    "test.shards needs simulators nightshift creates: write destination as { device:, os: }", reason: .invalidSetting)
            }
            return try await XcodeTestRun(
                settings: settings, scheme: scheme, testPlan: testPlan, destination: destination, context: context, tools: tools,
                durations: durations
            ).run()
        case .package(let folder):
            return try await SwiftPMTestRun(settings: settings, package: folder, context: context, tools: tools).run()
        }
    }
}

/// No run history: every shard plan is by test count.
public struct NoTestDurations: TestDurationHistory {
    public init() {}
    public func lastDurations(lane: String, step: String) async -> [String: Double] { [:] }
}
