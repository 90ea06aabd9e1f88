public import NightshiftCore
public import NightshiftSystem
/// Which step an event is about.
public struct StepIdentity: Sendable, Hashable {
    public var lane: String
    public var name: String
    public var kind: StepResultKind
    /// How many `lane:` calls deep the step runs (0 for the lane's own steps).
    public var depth: Int

    public init(lane: String, name: String, kind: StepResultKind, depth: Int) {
        self.lane = lane
        self.name = name
        self.kind = kind
        self.depth = depth
    }
}

/// Told what a run does as it happens; decides how it looks. Every text it is given is masked.
public protocol RunReporter: Sendable {
    func laneStarted(_ lane: Lane, runID: String)
    func stepStarted(_ step: StepIdentity)
    /// A step's output, masked: one or more lines, each ended by a newline except perhaps the
    /// last (the end of the output, or a very long line shown in pieces), which counts as ended.
    func stepOutput(_ text: [UInt8], channel: OutputChannel, step: StepIdentity)
    func stepFinished(_ result: StepResult)
    func laneFinished(_ result: LaneResult)
    /// A warning or note outside any step's output.
    func notice(_ text: String)
    /// A transient status line for `step` (an upload's percent and rate) that replaces the
    /// previous one; nil clears it. Steps only send it to a live terminal (see
    /// `ConsoleStyle.liveProgress`) and print plain lines otherwise.
    func stepProgress(_ text: String?, step: StepIdentity)
}

extension RunReporter {
    public func stepProgress(_ text: String?, step: StepIdentity) {}
}
