public import NightshiftCore
/// Which lanes call which, through `lane:` steps. Its walks are iterative, so a chain of 50,000
/// calls does not exhaust the stack; `LaneWalk` walks the steps.
public struct LaneCallGraph {
    struct Cycle {
        var names: [String]
        var location: SourceLocation?
    }

    public let file: LanesFile
    private let lanesByName: [String: Lane]

    public init(file: LanesFile) {
        self.file = file
        // The first of two lanes with one name wins, as `LanesFile.lane(named:)` has it.
        lanesByName = Dictionary(file.lanes.map { ($0.name, $0) }) { first, _ in first }
    }

    public func lane(named name: String) -> Lane? { lanesByName[name] }

    func callees(of lane: Lane) -> [(name: String, location: SourceLocation?)] {
        lane.steps.compactMap { step in
            if case .lane(let name) = step.kind { (name, step.location) } else { nil }
        }
    }

    /// How many lanes deep the calls from each lane go (1 for a lane that calls none), for a
    /// graph without cycles; each lane is measured once.
    func callDepths() -> [String: Int] {
        var depths: [String: Int] = [:]
        var onPath: Set<String> = []
        func calledLanes(of lane: Lane) -> [Lane] { callees(of: lane).compactMap { self.lane(named: $0.name) } }
        for root in file.lanes where depths[root.name] == nil {
            var path: [(lane: Lane, callees: [Lane], next: Int)] = [(root, calledLanes(of: root), 0)]
            onPath.insert(root.name)
            while let top = path.last {
                if top.next < top.callees.count {
                    path[path.count - 1].next += 1
                    let callee = top.callees[top.next]
                    if depths[callee.name] == nil, onPath.insert(callee.name).inserted {
                        path.append((callee, calledLanes(of: callee), 0))
                    }
                    continue
                }
                depths[top.lane.name] = 1 + (top.callees.compactMap { depths[$0.name] }.max() ?? 0)
                onPath.remove(top.lane.name)
                path.removeLast()
            }
        }
        return depths
    }

    /// The lanes some `lane:` step calls.
    func calledLanes() -> Set<String> {
        Set(file.lanes.flatMap { callees(of: $0).map(\.name) })
    }

    /// Each distinct cycle once, reported at the step that closes it: a depth-first walk that
    /// finishes each lane once.
    func cycles() -> [Cycle] {
        var found: [Cycle] = []
        var reported: Set<Set<String>> = []
        var finished: Set<String> = []
        for root in file.lanes where !finished.contains(root.name) {
            var path: [(lane: Lane, callees: [(name: String, location: SourceLocation?)], next: Int)] = []
            var positionOnPath: [String: Int] = [:]
            func enter(_ lane: Lane) {
                positionOnPath[lane.name] = path.count
                path.append((lane, callees(of: lane), 0))
            }
            enter(root)
            while let top = path.last {
                guard top.next < top.callees.count else {
                    finished.insert(top.lane.name)
                    positionOnPath[top.lane.name] = nil
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let callee = top.callees[top.next]
                if let start = positionOnPath[callee.name] {
                    let members = path[start...].map(\.lane.name)
                    if reported.insert(Set(members)).inserted {
                        found.append(Cycle(names: members + [callee.name], location: callee.location))
                    }
                } else if !finished.contains(callee.name), let lane = lane(named: callee.name) {
                    enter(lane)
                }
            }
        }
        return found
    }
}
