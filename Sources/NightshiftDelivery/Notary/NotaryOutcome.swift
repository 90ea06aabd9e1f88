import NightshiftCore
import NightshiftEngine

/// What Apple decided, as the step reports it: Accepted passes and prints the log's warnings;
/// Invalid and Rejected fail with the status and each issue with its path and message.
struct NotaryOutcome {
    var status: NotaryStatus
    var log: NotaryLog?
    var submissionID: String
    var file: String

    func report(in context: StepContext) async throws {
        let issues = log?.issues ?? []
        switch status {
        case .accepted:
            for issue in issues { await context.log(issue.line) }
            let warnings = issues.filter(\.isWarning).count
            await context.log(
                "Apple accepted \(file) (submission \(submissionID))"
                    + (warnings == 0 ? "" : ", with \(warnings) warning\(warnings == 1 ? "" : "s")"))
        case .invalid, .rejected, .other, .inProgress:
            var lines = [
                "Apple's notary service judged \(file) \(status) (submission \(submissionID))"
                    + (log?.statusSummary.map { ": \($0)" } ?? "")
            ]
            lines += issues.map { "  " + $0.line }
            if issues.isEmpty {
                let what = log == nil ? "the log could not be fetched" : "the log lists no issue"
                lines.append("  \(what); see it with \(NotarytoolCommands.manualCheck(submissionID, subcommand: "log"))")
            }
            throw NotaryError(lines.joined(separator: "\n"), reason: .notarizationRejected)
        }
    }
}
