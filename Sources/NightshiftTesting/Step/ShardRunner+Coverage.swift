internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

extension ShardRunner {
    /// `coverage:` on: the bundles merged into one (several shards), then `xccov view --report --json`.
    func coverage() async throws -> CoverageReport? {
        guard run.settings.coverageMinimum != nil, let first = bundles.first else { return nil }
        var bundle = first
        // Re-runs repeat tests the shards already covered: only the shards are measured.
        let shards = bundles.filter { $0.contains("/shard-") }
        if shards.count > 1 {
            let merged = run.folder.mergedBundle
            let termination = try await context.run(results.merge(shards, into: merged))
            guard termination.succeeded else {
                throw StepFailure(
                    "xcresulttool could not merge the shards' result bundles for coverage: \(termination)", reason: .testsFailed)
            }
            bundle = merged
        }
        let path = run.folder.coverageJSON
        let captured = try await Self.capture(results.coverage(bundle), into: path, run: run)
        if context.isDryRun { return nil }
        guard captured.termination.succeeded else {
            throw StepFailure("xccov could not read the coverage of \(bundle): \(captured.standardError)", reason: .testsFailed)
        }
        do {
            return try XCCovReportReader().read(contentsOf: path)
        } catch {
            throw StepFailure("\(error)", reason: .testsFailed)
        }
    }
}
