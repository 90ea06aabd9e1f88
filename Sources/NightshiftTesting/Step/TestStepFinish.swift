internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// The end of every `test:` step, Xcode's or SwiftPM's: the verdict over every invocation, the
/// JUnit (and Cobertura) files, the console lines, the report for the lane reports and the
/// run history, and the step's failure when the tests (or coverage) say so.
struct TestStepFinish {
    let context: StepContext
    let settings: TestStepSettings
    let folder: TestStepFolder

    /// `problems`: what failed outside any test and left nothing to read (they fail the step too).
    func finish(
        invocations: [TestInvocation], merger: TestResultsMerger, coverage: CoverageReport?, problems: [String] = []
    ) async throws -> Termination {
        if context.isDryRun {
            let cobertura = settings.coverageMinimum == nil ? "" : ", Cobertura coverage to \(folder.cobertura)"
            let beside = folder.junitBesideLaneReport.map { " and beside --junit to \($0)" } ?? ""
            await context.log("would write the JUnit report to \(folder.junit)\(beside)\(cobertura)")
            return .exited(0)
        }
        let results = merger.results
        let checked = TestRunCheck.verdict(invocations: invocations, final: results)
        let verdict = TestRunVerdict(mustFail: checked.mustFail || !problems.isEmpty, reasons: problems + checked.reasons)
        do {
            // The writer masks the tests' texts; the suite's name is handed to it masked.
            try JUnitTestsWriter(name: context.masker.mask(context.step.displayName), masker: context.masker).write(
                results, to: folder.junit.string)
        } catch {
            throw StepFailure("the JUnit report could not be written: \(error)", reason: .stepFailed)
        }
        if let beside = folder.junitBesideLaneReport {
            do {
                try DirectoryCreation.create(beside.parent.string)
                try FileCopy.place(folder.junit.string, at: beside.string)
            } catch {
                throw StepFailure("the JUnit report could not be put beside --junit at \(beside): \(error)", reason: .stepFailed)
            }
        }
        var coverageFailure: [String] = []
        if let coverage {
            do {
                try CoberturaWriter(masker: context.masker, sourceRoot: context.directory)
                    .write(coverage, to: folder.cobertura, timestamp: Int64(context.clock.now.timeIntervalSince1970))
            } catch {
                throw StepFailure("the Cobertura coverage report could not be written: \(error)", reason: .stepFailed)
            }
            let check = CoverageCheck(minimum: settings.coverageMinimum.flatMap { $0 > 0 ? $0 / 100 : nil })
            let lines = check.lines(for: coverage)
            for line in lines { await context.log(line) }
            if !check.passes(coverage) { coverageFailure = Array(lines.dropFirst()) }
        }
        // Per identifier, the arguments, devices and configurations of one test added up: what
        // the next run's shards are balanced by. Masked, as the run history keeps them: the file
        // sits in the run's output folder, which a Jenkins job may archive.
        var durations: [String: Double] = [:]
        for test in results { durations[context.masker.mask(test.identifier), default: 0] += test.durationSeconds }
        EarlierRunDurations.record(durations, step: context.masker.mask(context.step.displayName), output: context.folders.output.string)
        for line in TestConsoleLines(masker: context.masker).lines(for: results) { await context.log(line) }
        await context.log("junit: \(folder.junit)")
        if let beside = folder.junitBesideLaneReport { await context.log("junit: \(beside)") }
        await context.details.setTests(
            TestStepReport(
                results: results, junitPath: folder.junit.string, coberturaPath: coverage == nil ? nil : folder.cobertura,
                lineCoverage: coverage?.lineCoverage))
        if verdict.mustFail {
            // Every reason stays visible: the message names them all, the log has one per line.
            for reason in verdict.reasons { await context.log("✘ " + reason, to: .standardError) }
            throw StepFailure("tests failed: " + verdict.reasons.joined(separator: "; "), reason: .testsFailed)
        }
        if !coverageFailure.isEmpty {
            throw StepFailure(coverageFailure.joined(separator: "\n"), reason: .coverageBelowMinimum)
        }
        return .exited(0)
    }

    /// `once`, `2 times`.
    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
