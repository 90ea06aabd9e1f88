import NightshiftCore
import NightshiftLanes

/// One lane as a Buildkite command step. Pure: it only formats what the plan says.
struct BuildkiteStep {
    let plan: ExportLanePlan
    let lockGroup: [String]
    let warnings: [Diagnostic]
    private let schedule: PosixSchedule?

    init(_ plan: ExportLanePlan, lockGroup: [String]) {
        self.plan = plan
        self.lockGroup = lockGroup
        schedule = PosixSchedule(plan)
        var warnings = (schedule?.warnings ?? []).map { ExportWarnings.schedule(plan, $0) }
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
        if let schedule {
            // A schedule's options go in its environment, where the step's command reads them.
            let options = plan.options.filter { !$0.isSecret }.compactMap { option in
                plan.schedule?.options[option.name].map { " \(option.name)=\($0)" }
            }
            var note =
                "Lane '\(plan.name)' runs on a schedule: in Pipeline Settings, Schedules, add one with the environment\nLANE=\(plan.name)\(options.joined()) and the cron interval"
            note += schedule.lines.count == 1 ? " " : "s (one schedule each) "
            note += schedule.lines.map { "`\($0.cron)`" }.joined(separator: ", ")
            note +=
                schedule.timeZone.map { " in \($0)." } ?? " (UTC unless you add a zone; `nightshift schedule` reads it in the Mac's zone)."
            text.append(note)
            text += schedule.notes
        }
        return text.flatMap { YAMLText.comment($0) }
    }

    var lines: [String] {
        var lines = ["- label: \(YAMLText.scalar(plan.name))"]
        lines += YAMLText.comment("A scheduled build names its lane in LANE; the other lanes' steps skip it.", indent: "  ")
        lines.append("  if: \(YAMLText.quoted("build.source != \"schedule\" || build.env(\"LANE\") == \"\(plan.name)\""))")
        let setup = plan.lane.buildkite.setup
        // `$$` is a literal `$` for Buildkite, which interpolates the file when it is uploaded.
        let run = ExportRunCommand.runLine(
            executable: ExportRunCommand.executable(setup), lane: plan.name, options: ExportRunCommand.optionWords(for: plan.options),
            lanesFilePath: plan.lanesFilePath, json: true)
        lines += ["  command: |"] + [ExportRunCommand.setupLine(setup), run].map { "    " + Self.escapingInterpolation($0) }
        if let queue = plan.lane.buildkite.queue { lines += ["  agents:", "    queue: \(YAMLText.scalar(queue))"] }
        if let minutes = plan.timeoutMinutes { lines.append("  timeout_in_minutes: \(minutes)") }
        let secrets = plan.secrets.map(\.name) + plan.options.filter(\.isSecret).map(\.variableName)
        if !secrets.isEmpty { lines += ["  secrets:"] + secrets.sorted().map { "    - " + YAMLText.scalar($0) } }
        lines += YAMLText.comment(
            lockGroup.isEmpty
                ? "One build of the lane at a time, as Jenkins' disableConcurrentBuilds()."
                : "Named locks \(plan.locks.joined(separator: ", ")): one group for every lane whose locks overlap theirs\n(\(lockGroup.joined(separator: ", "))), so no two steps hold one lock at once.",
            indent: "  ")
        let group = lockGroup.isEmpty ? "nightshift/lane/\(plan.name)" : "nightshift/locks/" + lockGroup.joined(separator: "+")
        lines += ["  concurrency: 1", "  concurrency_group: \(YAMLText.scalar(group))"]
        lines += ["  artifact_paths:"] + artifactPaths.map { "    - " + YAMLText.quoted($0) }
        return lines
    }

    private var artifactPaths: [String] {
        let runFolder = ".nightshift/runs/\(plan.name)/*-b$BUILDKITE_BUILD_NUMBER-*"
        var paths = [ExportRunCommand.junitReport(plan.name), ExportRunCommand.jsonReport(plan.name), "\(runFolder)/**/*.log"]
        if plan.testReports.inRunFolder { paths.append("\(runFolder)/output/tests/*") }
        paths += (plan.testReports.junitPaths + plan.testReports.coberturaPaths).filter { !$0.contains("$") }
        return paths
    }

    /// Buildkite replaces `$NAME` and `${NAME}` when the pipeline is uploaded; the shell must see them.
    static func escapingInterpolation(_ line: String) -> String {
        line.replacingAll("$", with: "$$")
    }
}
