public import NightshiftCore

/// The one walk of the lane graph: each step a lane reaches, in run order, with the
/// configuration in force and the `env:` it receives. Preflight, requirements, validation and
/// execution all walk with it, so they cannot disagree about what a called lane inherits.
///
/// Iterative, so a chain of 50,000 calls does not exhaust the stack. A `lane:` step's callee is
/// entered on the following `next()`, unless `skipCall()` comes first (a call that does not run).
public struct LaneWalk {
    public enum Revisits: Sendable {
        /// Each lane once, whoever calls it: for what the lanes need, whatever calls them.
        case never
        /// Each lane once per configuration in force: for what depends on the configuration.
        case oncePerConfiguration
        /// Every call, as a run makes them; a lane already being called is not entered again.
        case always
    }

    public enum Event: Sendable {
        case entered(LaneFrame)
        case step(WalkedStep)
        case left(LaneFrame)
    }

    private struct Visit: Hashable {
        var lane: String
        var configuration: String?
    }

    private let graph: LaneCallGraph
    private let revisits: Revisits
    private var visited: Set<Visit> = []
    private var frames: [(frame: LaneFrame, next: Int)] = []
    private var onStack: [String: Int] = [:]
    private var pending: Event?
    private var pendingCall: WalkedStep?

    public init(_ graph: LaneCallGraph, from lane: Lane, revisits: Revisits) {
        self.graph = graph
        self.revisits = revisits
        let root = LaneFrame.root(lane, in: graph.file)
        visited.insert(visit(for: root))
        push(root)
    }

    /// Do not enter the lane the step just returned calls.
    public mutating func skipCall() { pendingCall = nil }

    public mutating func next() -> Event? {
        if let call = pendingCall, let callee = call.callee {
            pendingCall = nil
            let frame = call.frame.entering(callee, through: call.step, in: graph.file)
            if mayEnter(frame) {
                push(frame)
                return pending.take()
            }
        }
        if let event = pending.take() { return event }
        guard let top = frames.last else { return nil }
        guard top.next < top.frame.lane.steps.count else {
            frames.removeLast()
            onStack[top.frame.lane.name, default: 0] -= 1
            return .left(top.frame)
        }
        frames[frames.count - 1].next += 1
        let step = top.frame.lane.steps[top.next]
        var callee: Lane?
        if case .lane(let name) = step.kind { callee = graph.lane(named: name) }
        let walked = WalkedStep(step, in: top.frame, callee: callee)
        pendingCall = callee == nil ? nil : walked
        return .step(walked)
    }

    private mutating func push(_ frame: LaneFrame) {
        frames.append((frame, 0))
        onStack[frame.lane.name, default: 0] += 1
        pending = .entered(frame)
    }

    private mutating func mayEnter(_ frame: LaneFrame) -> Bool {
        switch revisits {
        case .never, .oncePerConfiguration: visited.insert(visit(for: frame)).inserted
        case .always: (onStack[frame.lane.name] ?? 0) == 0
        }
    }

    private func visit(for frame: LaneFrame) -> Visit {
        Visit(lane: frame.lane.name, configuration: revisits == .never ? nil : frame.configurationName)
    }
}

extension LaneCallGraph {
    /// Every step `lane` reaches, called lanes' included, each lane visited as `revisits` says.
    public func visitSteps(reachableFrom lane: Lane, revisits: LaneWalk.Revisits = .oncePerConfiguration, _ visit: (WalkedStep) -> Void) {
        var walk = LaneWalk(self, from: lane, revisits: revisits)
        while let event = walk.next() {
            if case .step(let step) = event { visit(step) }
        }
    }
}

extension Optional {
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
