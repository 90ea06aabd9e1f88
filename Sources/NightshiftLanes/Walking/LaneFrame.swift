public import NightshiftCore

/// A lane as a walk of the lane graph enters it: directly (the lane being run) or through a
/// `lane:` step. The rules for what a called lane inherits live here and nowhere else.
public struct LaneFrame: Sendable {
    public let lane: Lane
    /// The `lane:` step that entered this lane; nil for the lane being run.
    public let call: Step?
    /// The configuration in force: the lane's own, else its caller's.
    public let configurationName: String?
    public let configuration: Configuration?
    /// The `env:` the callers hand down, the calling step's included: the lane's own `env:`
    /// may refer to these.
    public let inherited: [String: Template]
    /// The `env:` in force for this lane's steps: the callers', then the lane's own, then the
    /// calling step's, each winning over the ones before.
    public let environment: [String: Template]
    /// Whether the calling step, or one of its callers, is `always`: then every step here is.
    public let always: Bool
    /// How many `lane:` calls deep this lane runs; 0 for the lane being run.
    public let depth: Int
    /// The `xcode:` in force: the lane's own, else that of the configuration it names, else
    /// its caller's (the lane being run: its configuration's, else the file's).
    public let xcode: XcodeRequirement?
    /// The `cache:` in force, by the same rule as `xcode:`.
    public let cache: BuildCacheSettings?

    static func root(_ lane: Lane, in file: LanesFile) -> LaneFrame {
        LaneFrame(
            lane: lane, call: nil, configurationName: lane.configuration, file: file, inherited: [:], always: false, depth: 0,
            xcode: lane.xcode ?? lane.configuration.flatMap(file.configuration(named:))?.xcode ?? file.xcode,
            cache: lane.cache ?? lane.configuration.flatMap(file.configuration(named:))?.cache ?? file.cache)
    }

    func entering(_ callee: Lane, through call: Step, in file: LanesFile) -> LaneFrame {
        let handedDown = environment.merging(call.options.environment) { _, calling in calling }
        return LaneFrame(
            lane: callee, call: call, configurationName: callee.configuration ?? configurationName, file: file,
            inherited: handedDown, always: always || call.options.always, depth: depth + 1,
            xcode: callee.xcode ?? callee.configuration.flatMap(file.configuration(named:))?.xcode ?? xcode,
            cache: callee.cache ?? callee.configuration.flatMap(file.configuration(named:))?.cache ?? cache)
    }

    private init(
        lane: Lane, call: Step?, configurationName: String?, file: LanesFile, inherited: [String: Template], always: Bool, depth: Int,
        xcode: XcodeRequirement?, cache: BuildCacheSettings?
    ) {
        self.xcode = xcode
        self.cache = cache
        self.lane = lane
        self.call = call
        self.configurationName = configurationName
        self.configuration = configurationName.flatMap(file.configuration(named:))
        self.inherited = inherited
        let calling = call?.options.environment ?? [:]
        self.environment = inherited.merging(lane.environment) { _, own in own }.merging(calling) { _, calling in calling }
        self.always = always
        self.depth = depth
    }
}
