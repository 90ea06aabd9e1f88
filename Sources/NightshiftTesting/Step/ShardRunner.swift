internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// Runs `test-without-building` per shard (side by side) and per re-run, reads each result
/// bundle with xcresulttool into the merger, and keeps each invocation's counts for the verdict.
struct ShardRunner {
    let run: XcodeTestRun
    let xctestrun: String
    private(set) var invocations: [TestInvocation] = []
    private(set) var merger = TestResultsMerger()
    /// Every bundle written, for coverage.
    private(set) var bundles: [String] = []
    /// What failed outside any test and left no results to read (a shard that wrote no result
    /// bundle): the step fails naming it, and the JUnit file still gets every test read.
    private(set) var problems: [String] = []

    /// One invocation as run: where its results are, or why there are none.
    struct Invoked: Sendable {
        var exitStatus: Int32
        var summary: TestRunSummary?
        /// xcresulttool's tests JSON, saved; nil when there is nothing to read (a dry run, no bundle).
        var testsJSON: String?
        var bundle: String
        var label: String
        var problem: String?
    }

    /// The invocation's cases read into the merger, one invocation at a time, and counted for
    /// the check on the way (the invocation keeps the counts, never the cases).
    private mutating func add(_ invoked: Invoked) throws -> TestInvocation {
        var counts = TestInvocationCounts()
        if let testsJSON = invoked.testsJSON {
            do {
                counts = try merger.reading { (merger: inout TestResultsMerger) throws(TestResultsError) in
                    try XCResultTestsReader().read(contentsOf: testsJSON, into: &merger)
                }
            } catch {
                throw StepFailure("\(invoked.label): \(error)", reason: .testsFailed)
            }
        }
        let invocation = TestInvocation(exitStatus: invoked.exitStatus, summary: invoked.summary, counts: counts)
        invocations.append(invocation)
        if let problem = invoked.problem { problems.append(problem) } else { bundles.append(invoked.bundle) }
        return invocation
    }

    init(run: XcodeTestRun, xctestrun: String) {
        self.run = run
        self.xctestrun = xctestrun
    }

    var context: StepContext { run.context }
    var results: ResultBundleCommands { ResultBundleCommands(xcrun: run.tools.xcrun) }

    /// One invocation's work: a shard's (or a part of one) or a re-run's.
    struct Job: Sendable {
        var number: Int
        var destination: String
        var only: [String]
        var skip: [String]
        var bundle: String
        /// `shard 2`, `retry 1`: what its problems are named after.
        var label: String
    }

    /// Each shard on its simulator, side by side; a shard whose `-only-testing` list would pass
    /// `CommandLineBound` runs as several invocations, one after the other on its simulator.
    mutating func runShards(_ shards: [[String]], on destinations: [String]) async throws {
        let jobs = Self.shardJobs(shards, skip: run.settings.skip.map(\.text), on: destinations, run: run, xctestrun: xctestrun)
        for wave in Self.waves(jobs) {
            let invoked = try await Self.runSideBySide(wave, run: run, xctestrun: xctestrun)
            for (job, invoked) in zip(wave, invoked) {
                let invocation = try add(invoked)
                // Each shard was given tests the enumeration listed: one that reports none of them
                // (an -only-testing nothing matched, a run cut short) must not pass with the others.
                if jobs.count > 1, !context.isDryRun, invoked.problem == nil, invocation.counts.cases == 0 {
                    let given = job.only.count == 1 ? job.only[0] : "\(job.only.count) test classes"
                    problems.append(
                        "\(job.label) ran none of its tests (\(given) by -only-testing; xcodebuild exited with status \(invocation.exitStatus))"
                    )
                }
            }
        }
    }

    /// Shard N's invocations: one (bundle `shard-N`) when its command line is within the bound,
    /// else as many as the bound needs (`shard-N-1`, `shard-N-2`…), placed in waves.
    static func shardJobs(_ shards: [[String]], skip: [String], on destinations: [String], run: XcodeTestRun, xctestrun: String) -> [Job] {
        let bare = run.commands.testWithoutBuilding(
            xctestrun: xctestrun, destination: longest(destinations), resultBundle: run.folder.shardBundle(shards.count, part: 1000),
            only: [], skip: skip)
        let budget = CommandLineBound.budget(beside: bare)
        let parts = shards.map { CommandLineBound.invocations($0, flag: "-only-testing", budget: budget) }
        return interleaved(parts).enumerated().map { number, placed in
            let shard = placed.simulator + 1
            let whole = parts[placed.simulator].count == 1
            return Job(
                number: number + 1, destination: destinations[placed.simulator], only: placed.only, skip: skip,
                bundle: whole ? run.folder.shardBundle(shard) : run.folder.shardBundle(shard, part: placed.part + 1),
                label: whole ? "shard \(shard)" : "shard \(shard) (part \(placed.part + 1) of \(parts[placed.simulator].count))")
        }
    }

    /// Each simulator's invocations, in waves: every simulator's first, then every simulator's
    /// second… (`waves` runs each wave side by side).
    static func interleaved(_ parts: [[[String]]]) -> [(simulator: Int, part: Int, only: [String])] {
        var placed: [(simulator: Int, part: Int, only: [String])] = []
        for wave in 0..<(parts.map(\.count).max() ?? 0) {
            for (simulator, part) in parts.enumerated() where wave < part.count { placed.append((simulator, wave, part[wave])) }
        }
        return placed
    }

    private static func longest(_ destinations: [String]) -> String { destinations.max { $0.utf8.count < $1.utf8.count } ?? "" }

    /// Every job at once; their invocations in the jobs' order.
    private static func runSideBySide(_ jobs: [Job], run: XcodeTestRun, xctestrun: String) async throws -> [Invoked] {
        var outcomes: [Int: Invoked] = [:]
        // A dry run prints them in order.
        if run.context.isDryRun {
            for job in jobs {
                outcomes[job.number] = try await invoke(job, run: run, xctestrun: xctestrun)
            }
            return outcomes.keys.sorted().compactMap { outcomes[$0] }
        }
        try await withThrowingTaskGroup(of: (Int, Invoked).self) { group in
            for job in jobs {
                group.addTask { (job.number, try await invoke(job, run: run, xctestrun: xctestrun)) }
            }
            for try await (number, invocation) in group { outcomes[number] = invocation }
        }
        return outcomes.keys.sorted().compactMap { outcomes[$0] }
    }

    private static func invoke(_ job: Job, run: XcodeTestRun, xctestrun: String) async throws -> Invoked {
        let command = run.commands.testWithoutBuilding(
            xctestrun: xctestrun, destination: job.destination, resultBundle: job.bundle, only: job.only, skip: job.skip)
        return try await invoke(command, bundle: job.bundle, label: job.label, run: run)
    }

    /// Up to `retries` times: the tests still failing, each by `-only-testing`, without building,
    /// spread over the shards' simulators (a class's tests together, as the shards have them),
    /// side by side; each command line within `CommandLineBound` (a simulator's part over it
    /// runs as several invocations, one after the other). A dry run prints the first re-run with
    /// a placeholder.
    mutating func retry(on destinations: [String]) async throws {
        for attempt in 1...max(1, run.settings.retries) where run.settings.retries > 0 {
            let failing = context.isDryRun ? ["<each test that failed>"] : merger.failingIdentifiers
            guard !failing.isEmpty else { return }
            if context.isDryRun {
                await context.log(
                    "only if tests failed, at most \(TestStepFinish.times(run.settings.retries)): the failing tests again, without building"
                )
            } else {
                await context.log(
                    "↻ re-running \(failing.count) failing \(failing.count == 1 ? "test" : "tests") (retry \(attempt) of \(run.settings.retries))"
                )
            }
            let jobs = Self.retryJobs(
                failing, ran: merger.results.lazy.map(\.identifier), attempt: attempt,
                on: context.isDryRun ? Array(destinations.prefix(1)) : destinations, run: run, xctestrun: xctestrun)
            for wave in Self.waves(jobs) {
                for invoked in try await Self.runSideBySide(wave, run: run, xctestrun: xctestrun) { _ = try add(invoked) }
            }
            if context.isDryRun { return }
        }
    }

    /// One re-run per simulator, each given whole classes (`ShardPlanner`'s units, balanced by
    /// count), and as many per simulator as `XcodeRerunSelection` needs to keep each command line
    /// within its bound; in waves (every simulator's first, then every simulator's second…). One
    /// bundle `retry-N` when one invocation takes them all. `ran`: every test the run reported.
    static func retryJobs(
        _ failing: [String], ran: some Sequence<String>, attempt: Int, on destinations: [String], run: XcodeTestRun, xctestrun: String
    ) -> [Job] {
        let groups = ShardPlanner.plan(identifiers: failing, shards: max(1, destinations.count), durations: [:]).shards
            .map { $0.flatMap(\.tests) }
        // The command without its tests, on its longest destination and bundle name.
        let bare = run.commands.testWithoutBuilding(
            xctestrun: xctestrun, destination: longest(destinations),
            resultBundle: run.folder.retryBundle(attempt, part: groups.count * 1000),
            only: [], skip: [])
        let budget = CommandLineBound.budget(beside: bare)
        let placed = interleaved(groups.map { XcodeRerunSelection.invocations(failing: $0, ran: ran, budget: budget) })
        return placed.enumerated().map { index, job in
            let bundle = placed.count == 1 ? run.folder.retryBundle(attempt) : run.folder.retryBundle(attempt, part: index + 1)
            let label = placed.count == 1 ? "retry \(attempt)" : "retry \(attempt) (part \(index + 1))"
            return Job(number: index + 1, destination: destinations[job.simulator], only: job.only, skip: [], bundle: bundle, label: label)
        }
    }

    /// `jobs` in runs side by side, none using a simulator twice.
    static func waves(_ jobs: [Job]) -> [[Job]] {
        var waves: [[Job]] = []
        for job in jobs {
            if let last = waves.last, !last.contains(where: { $0.destination == job.destination }) {
                waves[waves.count - 1].append(job)
            } else {
                waves.append([job])
            }
        }
        return waves
    }

    /// Runs one xcodebuild test invocation and reads its bundle. A crash of xcodebuild itself
    /// or a bundle xcresulttool cannot read is a failed invocation with the reason, never a pass.
    private static func invoke(_ command: ShellCommand, bundle: String, label: String, run: XcodeTestRun) async throws -> Invoked {
        let context = run.context
        if !context.isDryRun { await context.log("$ " + CommandLineRendering.render(command)) }
        let lines = WholeLines(context.emitCondensed ?? context.emit)
        let termination = try await context.shell.run(command) { channel, bytes in await lines.receive(channel, bytes) }
        await lines.flush()
        if !context.isDryRun, !FileManager.default.fileExists(atPath: bundle) {
            return Invoked(
                exitStatus: termination.exitStatus, bundle: bundle, label: label,
                problem:
                    "\(label): xcodebuild \(termination) and wrote no result bundle: the test runner never started (see the reason lines above)"
            )
        }
        let testsPath = bundle + ".tests.json"
        let summaryPath = bundle + ".summary.json"
        let results = ResultBundleCommands(xcrun: run.tools.xcrun)
        let tests = try await capture(results.tests(bundle), into: testsPath, run: run)
        let summary = try await capture(results.summary(bundle), into: summaryPath, run: run)
        if context.isDryRun { return Invoked(exitStatus: 0, bundle: bundle, label: label) }
        for captured in [tests, summary] where !captured.termination.succeeded {
            throw StepFailure(
                "\(label): xcresulttool could not read \(bundle): \(captured.standardError.isEmpty ? "\(captured.termination)" : captured.standardError)"
                    + "; nightshift reads results with 'xcresulttool get test-results', which needs Xcode 16 or later",
                reason: .testsFailed)
        }
        do {
            // The cases are read later, into the merger, one invocation at a time (`add`).
            let summary = try XCResultSummaryReader().read(contentsOf: summaryPath)
            return Invoked(exitStatus: termination.exitStatus, summary: summary, testsJSON: testsPath, bundle: bundle, label: label)
        } catch {
            throw StepFailure("\(label): \(error)", reason: .testsFailed)
        }
    }

    struct Captured {
        var termination: Termination
        var standardError: String
    }

    /// The command's standard output straight into `path`; a dry run only prints the command.
    static func capture(_ command: ShellCommand, into path: String, run: XcodeTestRun) async throws -> Captured {
        let context = run.context
        if context.isDryRun {
            _ = try await context.shell.run(command) { _, _ in }
            return Captured(termination: .exited(0), standardError: "")
        }
        let file = try CommandOutputFile(path: path)
        let termination = try await context.shell.run(command) { channel, bytes in await file.receive(channel, bytes) }
        if let failure = await file.finish() {
            throw StepFailure("cannot save \(command.arguments.prefix(4).joined(separator: " ")): \(failure)")
        }
        return Captured(termination: termination, standardError: await file.standardError)
    }
}
