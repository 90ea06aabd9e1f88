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

    /// Visits every step `lane` can reach, called lanes' included, with the name of the
    /// configuration in force there: a called lane's own, else its caller's.
    func visitSteps(reachableFrom lane: Lane, _ visit: (Step, _ configuration: String?) -> Void) {
        visitSteps(of: lane, configuration: lane.configuration, visited: [], visit)
    }

    private func visitSteps(of lane: Lane, configuration: String?, visited: Set<String>, _ visit: (Step, String?) -> Void) {
        for step in lane.steps {
            visit(step, configuration)
            if case .lane(let name) = step.kind, !visited.contains(name), let callee = file.lane(named: name) {
                visitSteps(of: callee, configuration: callee.configuration ?? configuration, visited: visited.union([lane.name]), visit)
            }
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
