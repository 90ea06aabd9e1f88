public import NightshiftSystem

/// xcodebuild's test command lines, as argv arrays: the scheme listing that checks names before
/// anything builds, one `build-for-testing`, the test enumeration, and one
/// `test-without-building` per shard and re-run.
public struct XcodebuildTestCommands: Sendable, Hashable {
    /// What the project, scheme and plan resolve to for this run.
    public struct Target: Sendable, Hashable {
        public var workspace: String?
        public var project: String?
        public var scheme: String
        public var testPlan: String?

        public init(workspace: String?, project: String?, scheme: String, testPlan: String?) {
            self.workspace = workspace
            self.project = project
            self.scheme = scheme
            self.testPlan = testPlan
        }

        var container: [String] {
            if let workspace { return ["-workspace", workspace] }
            if let project { return ["-project", project] }
            return []
        }
    }

    public var xcodebuild: String
    public var target: Target
    public var coverage: Bool

    public init(xcodebuild: String = "xcodebuild", target: Target, coverage: Bool) {
        self.xcodebuild = xcodebuild
        self.target = target
        self.coverage = coverage
    }

    /// `xcodebuild -list -json`: the schemes, to check `scheme:` before building.
    public var list: ShellCommand { ShellCommand(xcodebuild, ["-list", "-json"] + target.container) }

    /// `xcodebuild -showTestPlans -json`: the scheme's test plans, to check `test_plan:`.
    public var testPlans: ShellCommand {
        ShellCommand(xcodebuild, ["-showTestPlans", "-json", "-scheme", target.scheme] + target.container)
    }

    /// Built once for the simulators' platform, into the test step's own derived data; the index
    /// store is skipped (nobody browses a CI build's index).
    public func buildForTesting(destination: String, derivedData: String) -> ShellCommand {
        var arguments = ["build-for-testing"] + target.container + ["-scheme", target.scheme]
        if let plan = target.testPlan { arguments += ["-testPlan", plan] }
        arguments += ["-destination", destination, "-derivedDataPath", derivedData]
        if coverage { arguments += ["-enableCodeCoverage", "YES"] }
        arguments.append("COMPILER_INDEX_STORE_ENABLE=NO")
        return ShellCommand(xcodebuild, arguments)
    }

    /// The tests the built products hold, as JSON in `output` (Xcode 15+), with `only:` and
    /// `skip:` applied by xcodebuild itself.
    public func enumerate(xctestrun: String, destination: String, output: String, only: [String], skip: [String]) -> ShellCommand {
        var arguments = [
            "test-without-building", "-enumerate-tests", "-test-enumeration-format", "json", "-test-enumeration-style", "flat",
            "-test-enumeration-output-path", output, "-xctestrun", xctestrun, "-destination", destination,
        ]
        arguments += only.flatMap { ["-only-testing", $0] } + skip.flatMap { ["-skip-testing", $0] }
        return ShellCommand(xcodebuild, arguments)
    }

    /// One shard or re-run. Parallel testing is off: the shards are nightshift's parallelism,
    /// and xcodebuild's would clone each simulator again.
    public func testWithoutBuilding(
        xctestrun: String, destination: String, resultBundle: String, only: [String], skip: [String]
    ) -> ShellCommand {
        var arguments = [
            "test-without-building", "-xctestrun", xctestrun, "-destination", destination, "-resultBundlePath", resultBundle,
            "-parallel-testing-enabled", "NO",
        ]
        if coverage { arguments += ["-enableCodeCoverage", "YES"] }
        arguments += only.flatMap { ["-only-testing", $0] } + skip.flatMap { ["-skip-testing", $0] }
        return ShellCommand(xcodebuild, arguments)
    }
}

/// xcresulttool's and xccov's command lines (Xcode 16+ for `get test-results`).
public struct ResultBundleCommands: Sendable, Hashable {
    public var xcrun: String

    public init(xcrun: String = "xcrun") { self.xcrun = xcrun }

    public func tests(_ bundle: String) -> ShellCommand {
        ShellCommand(xcrun, ["xcresulttool", "get", "test-results", "tests", "--path", bundle])
    }

    public func summary(_ bundle: String) -> ShellCommand {
        ShellCommand(xcrun, ["xcresulttool", "get", "test-results", "summary", "--path", bundle])
    }

    /// One bundle of several (the shards'), so coverage is measured over every test that ran.
    public func merge(_ bundles: [String], into output: String) -> ShellCommand {
        ShellCommand(xcrun, ["xcresulttool", "merge"] + bundles + ["--output-path", output])
    }

    public func coverage(_ bundle: String) -> ShellCommand { ShellCommand(xcrun, ["xccov", "view", "--report", "--json", bundle]) }
}
