import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftSystem

/// GitHub Actions' step summary (issue #28): when `GITHUB_STEP_SUMMARY` names a file, the run's
/// Markdown summary is appended to it (the job's other steps write there too: never truncated),
/// in what is left of GitHub's 1 MiB per step.
extension CommandContext {
    static let stepSummaryVariable = "GITHUB_STEP_SUMMARY"

    /// A summary that cannot be written is a warning naming the file: the lanes' results stand.
    func appendStepSummary(_ results: [LaneResult]) {
        guard let name = environment.variables[Self.stepSummaryVariable], !name.isEmpty else { return }
        do {
            let path = try absolute(name)
            try AppendedFile.append(to: path.string) { existing in
                let limit = max(0, StepSummaryMarkdown.gitHubLimit - existing)
                return Array(StepSummaryMarkdown(results: results).render(secrets: secrets, limit: limit).text.utf8)
            }
        } catch {
            tell(.warning("the step summary was not written to \(name): \(error)", at: nil))
        }
    }
}
