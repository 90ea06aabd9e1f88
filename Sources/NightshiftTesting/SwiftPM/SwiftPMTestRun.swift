internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// `test: { package: . }`: `swift test` with its xUnit output, then the tests that failed again
/// through `--filter` (each exactly, escaped, as its library names it), up to `retries` times;
/// coverage from
/// `--show-codecov-path`'s llvm-cov JSON.
struct SwiftPMTestRun {
    let settings: TestStepSettings
    let context: StepContext
    let folder: TestStepFolder
    let commands: SwiftPMTestCommands

    init(settings: TestStepSettings, package: Template, context: StepContext, tools: TestTools) throws {
        self.settings = settings
        self.context = context
        folder = try TestStepFolder(context: context, settings: settings)
        commands = SwiftPMTestCommands(
            swift: tools.swift, packagePath: context.absolute(context.resolve(package)), coverage: settings.coverageMinimum != nil)
    }

    func run() async throws -> Termination {
        if !context.isDryRun {
            try folder.prepare()
            guard FileManager.default.fileExists(atPath: commands.packagePath + "/Package.swift") else {
                throw StepFailure("test.package: no Package.swift in \(commands.packagePath)", reason: .missingFile)
            }
        }
        var merger = TestResultsMerger()
        var invocations: [TestInvocation] = []
        // Which library ran each failed test: its re-run filter depends on it.
        var libraries: [String: SwiftPMTestLibrary] = [:]
        let skips = settings.skip.map { SwiftPMTestCommands.prefixFilter($0.text) }
        let firstParts = try firstRunParts(skips: skips)
        for (index, part) in firstParts.enumerated() {
            let first = try await invoke(
                attempt: 1, part: firstParts.count == 1 ? nil : index + 1, filters: part, skips: skips, into: &merger)
            invocations.append(first.invocation)
            libraries.merge(first.libraries) { $1 }
        }
        // Coverage is of the full run, before re-runs narrow it to a few tests.
        let coverage = try await readCoverage()
        for retry in 0..<settings.retries {
            let failing = merger.failingIdentifiers
            guard context.isDryRun || !failing.isEmpty else { break }
            if context.isDryRun {
                await context.log("only if tests failed, at most \(TestStepFinish.times(settings.retries)): the failing tests again")
            } else {
                await context.log(
                    "↻ re-running \(failing.count) failing \(failing.count == 1 ? "test" : "tests") (retry \(retry + 1) of \(settings.retries))"
                )
            }
            let filters =
                context.isDryRun
                ? ["<^Module\\.Suite/test$ for each test that failed>"]
                : failing.map { SwiftPMTestCommands.exactFilter($0, library: libraries[$0] ?? .xctest) }
            // Within the command line's bound: combined and split over invocations when too long.
            let bare = commands.test(xunit: folder.xunit(attempt: retry + 2, part: failing.count), filters: [], skips: [])
            let parts = SwiftPMFilterInvocations.invocations(exact: filters, budget: CommandLineBound.budget(beside: bare))
            for (index, part) in parts.enumerated() {
                let again = try await invoke(
                    attempt: retry + 2, part: parts.count == 1 ? nil : index + 1, filters: part, skips: [], into: &merger)
                invocations.append(again.invocation)
                libraries.merge(again.libraries) { $1 }
            }
            if context.isDryRun { break }
        }
        return try await TestStepFinish(context: context, settings: settings, folder: folder)
            .finish(invocations: invocations, merger: merger, coverage: coverage)
    }

    /// The first run's `--filter`s from `only:`, over as many invocations as the command line's
    /// bound needs (one without any for every test); `skip:`'s filters go to each, so they must
    /// fit beside the command. Coverage is of one run: a first run that needs several is refused
    /// before it starts rather than reported on its last part.
    private func firstRunParts(skips: [String]) throws -> [[String]] {
        let only = settings.only.map { SwiftPMTestCommands.prefixFilter($0.text) }
        let bare = commands.test(xunit: folder.xunit(attempt: 1, part: max(1, only.count)), filters: [], skips: skips)
        let budget = CommandLineBound.budget(beside: bare)
        guard budget > 0 else {
            throw StepFailure(
                "test.skip: \(skips.count) names take \(CommandLineBound.size(of: bare.argv)) bytes of swift test's command line, "
                    + "over the \(CommandLineBound.argumentBytes) it may have: skip fewer, or whole suites", reason: .invalidSetting)
        }
        let parts = SwiftPMFilterInvocations.invocations(exact: only, budget: budget)
        if parts.count > 1, commands.coverage {
            throw StepFailure(
                "test.only: \(only.count) names need \(parts.count) runs of swift test within its command line's bound, and "
                    + "coverage is measured on one: name fewer tests (or whole suites), or drop coverage", reason: .invalidSetting)
        }
        return parts.isEmpty ? [[]] : parts
    }

    /// One `swift test`, its cases read into `merger` (the invocation keeps their counts) and the
    /// library of each that failed.
    private func invoke(
        attempt: Int, part: Int? = nil, filters: [String], skips: [String], into merger: inout TestResultsMerger
    ) async throws -> (invocation: TestInvocation, libraries: [String: SwiftPMTestLibrary]) {
        let xunit = part.map { folder.xunit(attempt: attempt, part: $0) } ?? folder.xunit(attempt: attempt)
        let failureLines = XCTestFailureLines()
        let termination = try await context.run(
            commands.test(xunit: xunit, filters: filters, skips: skips),
            tap: { channel, bytes in if channel == .standardOutput { failureLines.receive(bytes) } })
        if context.isDryRun { return (TestInvocation(exitStatus: 0, summary: nil, counts: TestInvocationCounts()), [:]) }
        do {
            var libraries: [String: SwiftPMTestLibrary] = [:]
            let printed = failureLines.finish()
            // Streamed into the merger, which spills what it keeps: memory stays flat whatever the file's size.
            let counts = try merger.reading { (merger: inout TestResultsMerger) throws(TestResultsError) in
                try SwiftPMXUnitReader().read(xunitOutput: xunit) { library, read in
                    let test = library == .xctest && !printed.isEmpty ? read.recovering(printed) : read
                    if test.outcome == .failed { libraries[test.identifier] = library }
                    merger.add(test)
                }
            }
            return (TestInvocation(exitStatus: termination.exitStatus, summary: nil, counts: counts), libraries)
        } catch {
            throw StepFailure("swift test \(termination), and its xUnit output could not be read: \(error)", reason: .testsFailed)
        }
    }

    private func readCoverage() async throws -> CoverageReport? {
        guard settings.coverageMinimum != nil else { return nil }
        let located = try await context.shell.capture(commands.coveragePath)
        if context.isDryRun { return nil }
        let path = located.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard located.succeeded, !path.isEmpty else {
            throw StepFailure("swift test --show-codecov-path failed: \(located.failureDetail)", reason: .testsFailed)
        }
        do {
            return try LLVMCovExportReader().read(contentsOf: path, sourceRoot: commands.packagePath)
        } catch {
            throw StepFailure("\(error)", reason: .testsFailed)
        }
    }
}
