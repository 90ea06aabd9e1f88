import NightshiftCore
import NightshiftCron

/// What GitHub refuses or does not do, said at export rather than found out on GitHub: more than
/// 25 `workflow_dispatch` inputs (it refuses the workflow), a schedule firing more often than
/// every 5 minutes (it runs scheduled workflows at most that often).
enum GitHubLimits {
    static let maximumInputs = 25
    static let minimumScheduleMinutes = 5

    static func warnings(for plan: ExportLanePlan) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let inputs = plan.options.filter { !$0.isSecret }.count
        if inputs > maximumInputs {
            warnings.append(
                .warning(
                    "lane '\(plan.name)' has \(inputs) options, and GitHub refuses a workflow_dispatch with more than \(maximumInputs) inputs",
                    at: plan.lane.location))
        }
        if let schedule = plan.schedule, let spec = try? CronSpec(schedule.cron, seed: plan.hashSeed),
            spec.lines.contains(where: { firesTooOften($0.fields.values(of: .minute)) })
        {
            warnings.append(
                ExportWarnings.schedule(
                    plan,
                    "GitHub runs a scheduled workflow at most every \(minimumScheduleMinutes) minutes; it fires less often than nightshift")
            )
        }
        return warnings
    }

    /// Two minutes of one hour (or the last and the next hour's first) closer than the minimum.
    private static func firesTooOften(_ minutes: [Int]) -> Bool {
        guard minutes.count > 1, let first = minutes.first, let last = minutes.last else { return false }
        let gaps = zip(minutes, minutes.dropFirst()).map { $1 - $0 } + [first + 60 - last]
        return gaps.contains { $0 < minimumScheduleMinutes }
    }
}
