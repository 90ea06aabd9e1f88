import NightshiftCore
import NightshiftLanes

/// One lane as a Buildkite command step. Pure: it only formats what the plan says. Every string
/// goes through Buildkite's interpolation at upload (`BuildkiteInterpolation`), so each `$` of the
/// lane's is doubled, and what cannot be written safely is an export error.
struct BuildkiteStep {
    let plan: ExportLanePlan
    let lockGroup: [String]
    let selection: BuildkiteLaneSelection
    let warnings: [Diagnostic]
    private let schedule: PosixSchedule?
    private let scheduleNote: BuildkiteScheduleNote?
    private let condition: String
    private let command: [String]

    /// The part of a concurrency group that keeps it to this pipeline: Buildkite's groups span the
    /// organisation, and the agent fills in the pipeline's slug when it uploads the file.
    static let pipelineScope = "nightshift/${BUILDKITE_PIPELINE_SLUG}"

    init(_ plan: ExportLanePlan, lockGroup: [String], graph: LaneCallGraph) throws(ExportError) {
        self.plan = plan
        self.lockGroup = lockGroup
        selection = BuildkiteLaneSelection(plan, graph: graph)
        guard BuildkiteInterpolation.escaping(plan.name) != nil else {
            throw .notExportable(
                lane: plan.name, engine: "Buildkite",
                reason: "no spelling carries a `\\` right before a `$` through Buildkite's interpolation at upload; rename the lane",
                location: plan.lane.location)
        }
        condition = try selection.condition(for: plan)
        let setup = plan.lane.buildkite.setup
        let run = ExportRunCommand.runLine(
            executable: ExportRunCommand.executable(setup), lane: plan.name, options: ExportRunCommand.optionWords(for: plan.options),
            lanesFilePath: plan.lanesFilePath, json: true)
        command = try BuildkiteCommandBlock.lines(setup: setup, run: run, plan: plan)
        schedule = PosixSchedule(plan)
        scheduleNote = schedule.map { BuildkiteScheduleNote(plan, schedule: $0) }
        var warnings = (schedule?.warnings ?? []).map { ExportWarnings.schedule(plan, $0) }
        warnings += scheduleNote?.warnings ?? []
        if plan.options.contains(where: { !$0.isSecret }) {
            warnings.append(
                .warning(
                    "lane '\(plan.name)' has options: set them as variables of the build (New Build, Environment Variables), named like the options",
                    at: plan.lane.location))
        }
        self.warnings = warnings
    }

    /// The comments at the top of the file about this lane: what to set up in Buildkite's UI.
    var header: [String] {
        var text: [String] = []
        if !plan.secrets.isEmpty || plan.options.contains(where: \.isSecret) {
            let names = plan.secrets.map(\.name) + plan.options.filter(\.isSecret).map(\.variableName)
            text.append("Lane '\(plan.name)' reads the Buildkite secrets \(names.joined(separator: ", ")).")
        }
        if !plan.settings.isEmpty {
            text.append("Lane '\(plan.name)' reads \(plan.settings.map(\.name).joined(separator: ", ")) from the agent's environment.")
        }
        if plan.readsGitHistory {
            // The agent clones the whole history by default (BUILDKITE_GIT_CLONE_FLAGS is `-v`).
            text.append(
                "Lane '\(plan.name)' \(ExportLanePlan.gitHistoryNote): keep --depth out of the agent's BUILDKITE_GIT_CLONE_FLAGS.")
        }
        if let schedule, let scheduleNote {
            text += scheduleNote.lines
            if !schedule.lines.isEmpty { text += schedule.notes }
        }
        return text.flatMap { YAMLText.comment($0) }
    }

    var lines: [String] {
        // Checked in init: the name has no `\` before a `$`.
        let name = BuildkiteInterpolation.escaping(plan.name) ?? plan.name
        var lines = ["- label: \(YAMLText.scalar(name))"]
        lines += YAMLText.comment(
            selection.reasonToAskByName.map { "Runs only in a build whose LANE names it: \($0)." }
                ?? "Runs in a build whose LANE names it, and in a build without LANE (a push).",
            indent: "  ")
        lines.append("  if: \(YAMLText.quoted(BuildkiteInterpolation.escaping(condition) ?? condition))")
        lines += command
        if let queue = plan.lane.buildkite.queue { lines += ["  agents:", "    queue: \(YAMLText.scalar(queue))"] }
        if let minutes = plan.timeoutMinutes { lines.append("  timeout_in_minutes: \(minutes)") }
        if let developerDirectory = plan.developerDirectory {
            lines += YAMLText.comment("The lane's xcode:, for the step's own commands as for every tool nightshift runs.", indent: "  ")
            lines += [
                "  env:",
                "    DEVELOPER_DIR: \(YAMLText.quoted(BuildkiteInterpolation.escaping(developerDirectory) ?? developerDirectory))",
            ]
        }
        let secrets = plan.secrets.map(\.name) + plan.options.filter(\.isSecret).map(\.variableName)
        if !secrets.isEmpty { lines += ["  secrets:"] + secrets.sorted().map { "    - " + YAMLText.scalar($0) } }
        lines += YAMLText.comment(
            lockGroup.isEmpty
                ? "One build of the lane at a time in this pipeline, as Jenkins' disableConcurrentBuilds()."
                : "Named locks \(plan.locks.joined(separator: ", ")): one group for every lane whose locks overlap theirs\n(\(lockGroup.joined(separator: ", "))), so no two steps of this pipeline hold one lock at once.",
            indent: "  ")
        // Lock names are letters, digits, `-`, `_` and `.` (lanes.yml checks them): nothing to escape.
        let group =
            Self.pipelineScope
            + (lockGroup.isEmpty ? "/lane/\(name)" : "/locks/" + lockGroup.joined(separator: "+"))
        lines += ["  concurrency: 1", "  concurrency_group: \(YAMLText.quoted(group))"]
        lines += ["  artifact_paths:"] + artifactPaths.map { "    - " + YAMLText.quoted($0) }
        return lines
    }

    private var artifactPaths: [String] {
        let lane = BuildkiteInterpolation.globLiteral(plan.name)
        let runFolder = ".nightshift/runs/\(lane)/*-b$BUILDKITE_BUILD_NUMBER-*"
        // The reports as the run line names them (`ExportRunCommand.fileName`), then as a glob.
        let reports = "reports/" + BuildkiteInterpolation.globLiteral(ExportRunCommand.fileName(plan.name))
        var paths = [reports + ".xml", reports + ".json", "\(runFolder)/**/*.log"]
        if plan.testReports.inRunFolder { paths.append("\(runFolder)/output/tests/*") }
        paths += (plan.testReports.junitPaths + plan.testReports.coberturaPaths).filter { !$0.contains("$") }
        return paths
    }
}
