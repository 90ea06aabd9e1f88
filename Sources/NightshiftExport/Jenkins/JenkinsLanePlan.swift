import NightshiftCore
import NightshiftCron
import NightshiftLanes
/// Everything a Jenkinsfile says about one lane, worked out from the lanes file before any text
/// is written: agent, trigger, time limit, credentials bindings and the shell lines.
struct JenkinsLanePlan: Sendable, Hashable {
    struct Binding: Sendable, Hashable {
        var variable: String
        var credentialID: String
    }

    var lane: String
    var description: String?
    /// `label '…'` text, nil for `agent any`.
    var agentLabel: String?
    /// `cron('…')` or `pollSCM('…')`, nil when the lane has no schedule.
    var trigger: String?
    /// What `H` is hashed from in nightshift: the job must carry this name.
    var hashSeed: String
    var timeoutMinutes: Int?
    var timestamps: Bool
    var bindings: [Binding]
    /// The lane's `xcode:` by path, for the job's `environment`.
    var developerDirectory: String?
    /// Non-secret variables the agent or job must provide.
    var settings: [String]
    var setupLine: String
    var runLine: String
    /// The `parameters { … }` lines for the lane's options.
    var parameters: [String]
    /// The option each of `parameters` is for.
    var parameterNames: [String]
    /// What the lane's `test:` steps write, for `post { always { … } }`.
    var testReports: JenkinsTestReports
    /// Whether the lane reads git's history: the job's checkout must not be shallow.
    var readsGitHistory: Bool

    init(_ plan: ExportLanePlan) {
        let lane = plan.lane
        self.lane = lane.name
        description = lane.description
        agentLabel = lane.jenkins.agent
        trigger = lane.schedule.map { JenkinsLanePlan.trigger($0, options: lane.options) }
        hashSeed = plan.hashSeed
        timeoutMinutes = plan.timeoutMinutes
        timestamps = lane.jenkins.timestamps
        let explicit = lane.jenkins.credentials
        // A variable needs no binding of its own when the user bound one that stands in for it.
        func needed(_ variables: [RequiredVariable]) -> [String] {
            variables.filter { !$0.alternatives.contains { explicit[$0] != nil } }.map(\.name)
        }
        bindings = JenkinsLanePlan.bindings(explicit, secrets: needed(plan.secrets))
        developerDirectory = plan.developerDirectory
        let bound = Set(bindings.map(\.variable))
        settings = needed(plan.settings).filter { !bound.contains($0) }
        setupLine = ExportRunCommand.setupLine(lane.jenkins.setup)
        runLine = ExportRunCommand.runLine(
            executable: ExportRunCommand.executable(lane.jenkins.setup), lane: lane.name,
            options: ExportRunCommand.optionWords(for: lane.options), lanesFilePath: plan.lanesFilePath, html: true)
        parameters = JenkinsParameters.lines(for: lane.options)
        parameterNames = lane.options.map(JenkinsParameters.name(of:))
        testReports = JenkinsTestReports(plan.testReports, lane: lane.name)
        readsGitHistory = plan.readsGitHistory
    }

    /// `cron('…')`, or `pollSCM('…')` for `when: changed`. The spec goes over unchanged; a
    /// `time_zone:` the cron text does not state itself becomes its `TZ=` first line, since
    /// Jenkins would otherwise read it in the controller's zone.
    /// One exception: under a `TZ=` line, an `@daily`-style line is written out (`H H * * *`),
    /// because Jenkins drops the zone for alias lines and would fire at other times than
    /// `nightshift schedule`. The expansion draws the same `H` values, so the minutes agree.
    ///
    /// A schedule with `options:` becomes `parameterizedCron('… % name=value;…')`
    /// (`JenkinsScheduledOptions`), which needs the Parameterized Scheduler plugin.
    static func trigger(_ schedule: Schedule, options: [LaneOption]) -> String {
        var lines = schedule.cron.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        let statesZone = lines.first { !$0.allSatisfy(\.isWhitespace) }.map(trimmed)?.hasPrefix("TZ=") ?? false
        if let zone = schedule.timeZone, !statesZone { lines.insert("TZ=\(zone)", at: 0) }
        if statesZone || schedule.timeZone != nil { lines = lines.flatMap(spellingOutAlias) }
        if schedule.trigger == .changed { return "pollSCM(\(GroovyLiteral.string(lines.joined(separator: "\n"))))" }
        let pairs = JenkinsScheduledOptions.pairs(schedule, options: options)
        let function = pairs.isEmpty ? "cron" : JenkinsScheduledOptions.function
        return "\(function)(\(GroovyLiteral.string(JenkinsScheduledOptions.spec(lines, pairs: pairs).joined(separator: "\n"))))"
    }

    private static func spellingOutAlias(_ line: String) -> [String] {
        let spec = trimmed(line)
        guard spec.hasPrefix("@") else { return [line] }
        let keyword = String(spec.dropFirst().prefix { $0.isLetter })
        guard CronLexer.keywords.contains(keyword) else { return [line] }
        return ["# @\(keyword), written out: Jenkins ignores TZ= on @ lines", CronLineReader.expansion(of: keyword)]
    }

    private static func trimmed(_ line: some StringProtocol) -> Substring {
        Substring(line).drop { $0 == " " || $0 == "\t" }
    }

    /// Every secret the lane needs, plus any variable the user mapped explicitly, sorted by name.
    static func bindings(_ explicit: [String: String], secrets: [String]) -> [Binding] {
        Set(secrets).union(explicit.keys).sorted().map {
            Binding(variable: $0, credentialID: explicit[$0] ?? credentialID(for: $0))
        }
    }

    /// `KEYCHAIN_PASSWORD` → `keychain-password`.
    static func credentialID(for variable: String) -> String {
        let words = variable.lowercased().split { $0 == "_" || $0 == "-" }
        return words.joined(separator: "-")
    }
}
