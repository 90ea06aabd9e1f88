public import Foundation
import NightshiftCore
public import NightshiftEngine

/// The run as JSON: lanes, steps, start, duration, status, exit code and why a step failed.
public struct JSONReport: Sendable {
    struct Document: Encodable {
        var lanes: [LaneEntry]
    }

    struct LaneEntry: Encodable {
        var lane: String
        /// Absent for a lane that never started.
        var runID: String?
        var status: String
        /// Why a lane did not start (`not run`).
        var message: String?
        var start: String
        var durationSeconds: Double
        /// Absent when the run had no log folder (it could not be created).
        var logFolder: String?
        /// Present for a resumed run only: its attempt number (2 and up).
        var resumedAttempt: Int?
        /// What the run was given or defaulted (issue #19), secret values masked; absent for a
        /// lane that declares no options. A list, not an object: option names are kept as written.
        var options: [LaneOptionValues.Record]?
        /// The Xcode `xcode:` chose; absent when the lane pins none.
        var xcode: XcodeEntry?
        var steps: [StepEntry]
    }

    struct XcodeEntry: Encodable {
        var version: String
        var build: String
        var beta: Bool
        var path: String

        init(_ xcode: InstalledXcode) {
            (version, build, beta, path) = (xcode.versionName, xcode.build, xcode.isBeta, xcode.app)
        }
    }

    struct StepEntry: Encodable {
        var lane: String
        var name: String
        var kind: String
        var status: String
        var start: String
        var durationSeconds: Double
        var exitCode: Int32?
        var attempts: Int
        var message: String?
        /// The failure's stable code (`FailureReason`); absent unless the step failed.
        var reason: String?
        var log: String?
        /// false when the log misses output (a full disk); absent when nothing was logged.
        var logComplete: Bool?
        var logProblem: String?
        /// What the step reported (an upload's `build_id`, `processing_state`); absent when nothing.
        var details: [String: String]?
        /// A `test:` step's counts, per test; absent for other steps.
        var tests: TestsEntry?
        /// The compilation cache's work as the build log stated it; absent when it stated none.
        var compilationCache: CompilationCacheEntry?
    }

    struct CompilationCacheEntry: Encodable {
        var hits: Int
        var misses: Int
        var cacheableTasks: Int

        init(_ metrics: CompilationCacheMetrics) {
            (hits, misses, cacheableTasks) = (metrics.hits, metrics.misses, metrics.cacheableTasks)
        }
    }

    /// A test step's counts (per test, never per attempt: a flaky test is among the passed and
    /// counted again in `flaky`), with where its own files are.
    struct TestsEntry: Encodable {
        var passed: Int
        var failed: Int
        var skipped: Int
        var expectedFailures: Int
        var flaky: Int
        var total: Int
        var junit: String?
        var cobertura: String?
        /// 0...1; absent without coverage.
        var lineCoverage: Double?

        init(_ report: TestStepReport) {
            let tally = report.tally
            (passed, failed, skipped, expectedFailures, flaky, total) =
                (tally.passed, tally.failed, tally.skipped, tally.expectedFailures, tally.flaky, tally.total)
            (junit, cobertura, lineCoverage) = (report.junitPath, report.coberturaPath, report.lineCoverage)
        }
    }

    public var results: [LaneResult]

    public init(results: [LaneResult]) {
        self.results = results
    }

    public func render() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(Document(lanes: results.map(entry)))
    }

    private func entry(_ result: LaneResult) -> LaneEntry {
        LaneEntry(
            lane: result.lane, runID: result.runID.isEmpty ? nil : result.runID, status: result.status.rawValue, message: result.message,
            start: UTCTimestamp.iso8601(result.start), durationSeconds: result.duration.seconds,
            logFolder: result.logFolder.isEmpty ? nil : result.logFolder, resumedAttempt: result.attempt > 1 ? result.attempt : nil,
            options: result.options.isEmpty ? nil : result.options, xcode: result.xcode.map(XcodeEntry.init),
            steps: result.steps.map {
                StepEntry(
                    lane: $0.lane, name: $0.name, kind: $0.kind.description, status: $0.status.rawValue,
                    start: UTCTimestamp.iso8601($0.start), durationSeconds: $0.duration.seconds,
                    exitCode: $0.exitCode, attempts: $0.attempts, message: $0.message, reason: $0.reason?.rawValue, log: $0.logPath,
                    logComplete: $0.logProblem != nil ? false : $0.logPath.map { _ in true },
                    logProblem: $0.logProblem, details: $0.details.isEmpty ? nil : $0.details, tests: $0.tests.map(TestsEntry.init),
                    compilationCache: $0.compilationCache.map(CompilationCacheEntry.init))
            })
    }
}
