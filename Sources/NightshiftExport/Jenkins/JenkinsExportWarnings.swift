import NightshiftCore
import NightshiftLanes
/// What an export cannot carry over exactly, said before the user finds out from Jenkins.
enum JenkinsExportWarnings {
    static func forLane(_ plan: ExportLanePlan) -> [Diagnostic] {
        unusedCredentials(plan) + pollingSource(plan.lane) + JenkinsScheduledOptions.warnings(for: plan.lane)
    }

    /// A lanes file the job's workspace will not have at that path.
    static func lanesFile(_ path: String) -> [Diagnostic] {
        guard ExportedLanesFile.isOutsideWorkspace(path) else { return [] }
        return [
            .warning(
                "the Jenkinsfiles run `nightshift run --file \(path)`, outside the job's workspace; keep lanes.yml in the repository and export from there",
                at: nil
            )
        ]
    }

    /// A lane whose `seed:` differs from its name: the job named like the file would hash `H`
    /// differently from `nightshift schedule`.
    static func seed(_ lane: Lane) -> [Diagnostic] {
        guard let schedule = lane.schedule, let seed = schedule.seed, seed != lane.name, usesHash(schedule) else { return [] }
        return [
            .warning(
                "lane '\(lane.name)' hashes H by its seed '\(seed)': name its Jenkins job '\(seed)', or Jenkins runs it at other times than `nightshift schedule`",
                at: schedule.location ?? lane.location
            )
        ]
    }

    /// One Pipeline job has one trigger: the lanes' common schedule, or none and a warning.
    static func sharedTrigger(of lanes: [Lane]) -> (trigger: String?, warnings: [Diagnostic]) {
        let schedules = lanes.compactMap(\.schedule)
        guard let first = schedules.first else { return (nil, []) }
        let shared =
            schedules.count == lanes.count
            && schedules.allSatisfy {
                $0.cron == first.cron && $0.trigger == first.trigger && $0.timeZone == first.timeZone && $0.options == first.options
            }
        // Lanes sharing a schedule share its options' parameters (one per name in one job).
        if shared { return (JenkinsLanePlan.trigger(first, options: lanes.flatMap(\.options)), []) }
        let warnings: [Diagnostic] = lanes.compactMap { lane in
            lane.schedule.map {
                .warning(
                    "the single Jenkinsfile has no trigger: lane '\(lane.name)' has its own schedule, and one job has one trigger for all its lanes; export the lane alone to keep it",
                    at: $0.location ?? lane.location
                )
            }
        }
        return (nil, warnings)
    }

    private static func unusedCredentials(_ plan: ExportLanePlan) -> [Diagnostic] {
        let lane = plan.lane
        let needed = Set((plan.secrets + plan.settings).flatMap(\.candidates))
        return lane.jenkins.credentials.keys.sorted().filter { !needed.contains($0) }.map {
            .warning("lane '\(lane.name)' maps '\($0)' to a Jenkins credential, but none of its steps reads ${\($0)}", at: lane.location)
        }
    }

    private static func pollingSource(_ lane: Lane) -> [Diagnostic] {
        guard let schedule = lane.schedule, schedule.trigger == .changed, schedule.remote != nil || schedule.branch != nil else {
            return []
        }
        return [
            .warning(
                "lane '\(lane.name)' compares a remote or branch of its own; pollSCM() polls the job's SCM, so configure that to the same remote and branch",
                at: schedule.location ?? lane.location
            )
        ]
    }

    /// `H` or an `@daily`-style alias (which Jenkins hashes too) on a line that is a spec, not a
    /// `TZ=` line or a comment.
    private static func usesHash(_ schedule: Schedule) -> Bool {
        schedule.cron.split(whereSeparator: \.isNewline).contains { line in
            let spec = line.drop { $0 == " " || $0 == "\t" }
            return !spec.hasPrefix("TZ=") && !spec.hasPrefix("#") && (spec.contains("H") || spec.hasPrefix("@"))
        }
    }
}
