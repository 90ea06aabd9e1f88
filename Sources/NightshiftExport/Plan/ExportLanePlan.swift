public import NightshiftCore
public import NightshiftLanes

/// What every CI engine must know about one lane, worked out once from the lanes file before any
/// engine's text is written: the variables it needs split into secrets (what nightshift masks,
/// so the engine's secret store) and plain settings, its options (the engine's parameters or
/// inputs), its schedule, the named locks its steps take, its time limit and the files its
/// `test:` steps write. Each exporter (`Jenkins/`, `GitHubActions/`, `Buildkite/`) renders this
/// value, so the lanes file is read one way for all of them.
public struct ExportLanePlan: Sendable, Hashable {
    /// The lane as written: its name, description, and each engine's own block (`jenkins:`…).
    public var lane: Lane
    /// Variables the lane needs that nightshift masks, sorted by name.
    public var secrets: [RequiredVariable]
    /// Variables the lane needs that are plain settings (paths, app ids), sorted by name.
    public var settings: [RequiredVariable]
    /// The variables that can stand in for a required one (`${A:-${B}}`'s B) and are not
    /// required themselves, split by the same rule: secrets, then settings, each sorted.
    public var alternativeSecrets: [String]
    public var alternativeSettings: [String]
    /// The lane's named locks and those of every step it reaches (called lanes' included), as
    /// nightshift takes them: case folded, each once, sorted.
    public var locks: [String]
    /// The lane's `timeout:` in whole minutes, rounded up (CI engines count minutes).
    public var timeoutMinutes: Int?
    /// What `H` is hashed from in nightshift: the lane's `seed:`, else its name.
    public var hashSeed: String
    public var testReports: ExportTestReports
    /// The lanes file as the job sees it (`ExportedLanesFile.path`).
    public var lanesFilePath: String
    /// Whether a step the lane reaches reads git's history, so the checkout must hold all of it.
    public var readsGitHistory: Bool
    /// The lane's `xcode:`, as the job's environment carries it; nil when it pins none.
    var xcode: ExportXcodePin?

    public init(lane: Lane, requirements: LaneRequirements, policy: SecretPolicy, lanesFilePath: String, graph: LaneCallGraph) {
        self.lane = lane
        secrets = requirements.variables.filter { policy.isSecret($0.name) }
        settings = requirements.variables.filter { !policy.isSecret($0.name) }
        let required = Set(requirements.variables.map(\.name))
        let alternatives = Set(requirements.variables.flatMap(\.alternatives)).subtracting(required).sorted()
        alternativeSecrets = alternatives.filter { policy.isSecret($0) }
        alternativeSettings = alternatives.filter { !policy.isSecret($0) }
        var locks = Set(lane.locks.map { $0.lowercased() })
        graph.visitSteps(reachableFrom: lane, revisits: .never) { walked in
            locks.formUnion((walked.lane.locks + walked.step.options.locks).map { $0.lowercased() })
        }
        self.locks = locks.sorted()
        timeoutMinutes = lane.timeout.map(Self.wholeMinutes)
        hashSeed = lane.schedule?.seed ?? lane.name
        testReports = ExportTestReports(lane: lane, graph: graph)
        self.lanesFilePath = lanesFilePath
        readsGitHistory = Self.reachesGitHistory(lane, graph: graph)
    }

    public var name: String { lane.name }
    public var options: [LaneOption] { lane.options }
    public var schedule: Schedule? { lane.schedule }
    /// `DEVELOPER_DIR` for the job's environment, when the lane pins an Xcode by path.
    var developerDirectory: String? { xcode?.developerDirectory }
    /// What the job cannot carry of the lane's `xcode:` (a version is found on the agent).
    var xcodeWarnings: [Diagnostic] { xcode?.warning(lane: lane).map { [$0] } ?? [] }
    /// `DEVELOPER_DIR` for a GitHub Actions job: a path pin, else a version where GitHub's runner
    /// images install it.
    var githubDeveloperDirectory: String? { developerDirectory ?? xcode?.runnerImageDeveloperDirectory }
    /// What a GitHub job cannot carry: `latest`, a beta.
    var githubXcodeWarnings: [Diagnostic] { githubDeveloperDirectory == nil ? xcodeWarnings : [] }

    /// One plan per lane of `file` named in `names` (every lane when empty), the call graph built once.
    public static func plans(for names: [String], in file: LanesFile, lanesFilePath: String) throws(ExportError) -> [ExportLanePlan] {
        let lanes = try ExportError.select(names, from: file)
        let graph = LaneCallGraph(file: file)
        return lanes.map {
            var plan = ExportLanePlan(
                lane: $0, requirements: LaneRequirements($0, in: graph), policy: file.secretPolicy, lanesFilePath: lanesFilePath,
                graph: graph)
            plan.xcode = ExportXcodePin(lane: $0, in: file, lanesFilePath: lanesFilePath)
            return plan
        }
    }

    /// CI engines count whole minutes: round up, so the limit is never shorter than asked.
    public static func wholeMinutes(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let whole = Int(seconds) + (attoseconds > 0 ? 1 : 0)
        return max(1, (whole + 59) / 60)
    }
}
