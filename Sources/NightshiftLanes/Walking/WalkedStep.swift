public import NightshiftCore

/// A step as a walk of the lane graph reaches it, with what it runs with.
public struct WalkedStep: Sendable {
    /// The step as written, made `always` when its caller is.
    public let step: Step
    public let frame: LaneFrame
    /// The lane a `lane:` step calls; the walk enters it next unless told to skip it.
    public let callee: Lane?

    public var lane: Lane { frame.lane }
    public var configurationName: String? { frame.configurationName }
    public var configuration: Configuration? { frame.configuration }

    /// The names the lanes' and the step's `env:` set for the step.
    public var providedNames: Set<String> { Set(frame.environment.keys).union(step.options.environment.keys) }

    init(_ step: Step, in frame: LaneFrame, callee: Lane?) {
        var step = step
        step.options.always = step.options.always || frame.always
        self.step = step
        self.frame = frame
        self.callee = callee
    }
}
