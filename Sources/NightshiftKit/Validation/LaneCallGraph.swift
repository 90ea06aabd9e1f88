/// Which lanes call which, through `lane:` steps.
struct LaneCallGraph {
    struct Cycle {
        var names: [String]
        var location: SourceLocation?
    }

    let file: LanesFile

    func callees(of lane: Lane) -> [(name: String, location: SourceLocation?)] {
        lane.steps.compactMap { step in
            if case .lane(let name) = step.kind { (name, step.location) } else { nil }
        }
    }

    /// The lanes some `lane:` step calls.
    func calledLanes() -> Set<String> {
        Set(file.lanes.flatMap { callees(of: $0).map(\.name) })
    }

    /// Each distinct cycle once, reported at the step that closes it.
    func cycles() -> [Cycle] {
        var found: [Cycle] = []
        var reported: Set<Set<String>> = []
        var finished: Set<String> = []

        func visit(_ name: String, path: [String]) {
            guard !finished.contains(name), let lane = file.lane(named: name) else { return }
            for callee in callees(of: lane) {
                if let start = path.firstIndex(of: callee.name) {
                    let members = Array(path[start...])
                    if reported.insert(Set(members)).inserted {
                        found.append(Cycle(names: members + [callee.name], location: callee.location))
                    }
                } else if callee.name == name {
                    if reported.insert([name]).inserted { found.append(Cycle(names: [name, name], location: callee.location)) }
                } else {
                    visit(callee.name, path: path + [callee.name])
                }
            }
            finished.insert(name)
        }
        for lane in file.lanes { visit(lane.name, path: [lane.name]) }
        return found
    }
}
