extension OptionPattern {
    /// Whether `value` contains a match, and the work it took: the states entered, at most
    /// (characters + 1) × `instructionCount`, since a state enters a position's set once.
    ///
    /// Thompson's simulation: the set of states the NFA can be in after each character, with a
    /// new thread started at every position (the match may begin anywhere). No thread is ever
    /// retried, so nothing backtracks.
    func search(_ value: String) -> (found: Bool, steps: Int) {
        let scalars = Array(value.unicodeScalars)
        var current = StateSet(capacity: program.count)
        var next = StateSet(capacity: program.count)
        var stack: [Int] = []
        var steps = 0
        // Whether the character at hand is in each set: asked once per set and position, not once
        // per state (`[^x]{0,1000}` has a thousand states and one set). 0: not asked yet.
        var verdicts = [Int8](repeating: 0, count: sets.count)
        return program.withUnsafeBufferPointer { program in
            for position in 0...scalars.count {
                let previous = position > 0 ? scalars[position - 1] : nil
                let upcoming = position < scalars.count ? scalars[position] : nil
                if Self.enter(0, program, into: &current, previous: previous, next: upcoming, stack: &stack, steps: &steps) {
                    return (true, steps)
                }
                guard let scalar = upcoming else { break }
                let following = position + 1 < scalars.count ? scalars[position + 1] : nil
                next.removeAll()
                for set in verdicts.indices { verdicts[set] = 0 }
                for state in current.members {
                    let consumes: Bool
                    switch program[state] {
                    case .scalar(let expected): consumes = expected == scalar
                    case .set(let set):
                        if verdicts[set] == 0 { verdicts[set] = sets[set].contains(scalar) ? 1 : -1 }
                        consumes = verdicts[set] == 1
                    default: consumes = false
                    }
                    if consumes,
                        Self.enter(state + 1, program, into: &next, previous: scalar, next: following, stack: &stack, steps: &steps)
                    {
                        return (true, steps)
                    }
                }
                swap(&current, &next)
            }
            return (false, steps)
        }
    }

    /// Adds `state` and every state reachable from it without consuming (between `previous` and
    /// `next`) to `set`; true when one of them is the match.
    private static func enter(
        _ state: Int, _ program: UnsafeBufferPointer<Instruction>, into set: inout StateSet, previous: Unicode.Scalar?,
        next: Unicode.Scalar?, stack: inout [Int], steps: inout Int
    ) -> Bool {
        stack.append(state)
        while let state = stack.popLast() {
            guard set.insert(state) else { continue }
            steps += 1
            switch program[state] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertion(let assertion):
                if assertion.holds(previous: previous, next: next) { stack.append(state + 1) }
            case .scalar, .set: break
            }
        }
        return false
    }
}

/// A set of states with constant-time insertion, membership and clearing (Briggs and Torczon's
/// sparse set), listing its members in insertion order.
struct StateSet {
    private(set) var members: [Int] = []
    private var positions: [Int]

    init(capacity: Int) {
        positions = Array(repeating: 0, count: capacity)
        members.reserveCapacity(capacity)
    }

    /// False when `state` was there already.
    mutating func insert(_ state: Int) -> Bool {
        let position = positions[state]
        if position < members.count, members[position] == state { return false }
        positions[state] = members.count
        members.append(state)
        return true
    }

    mutating func removeAll() {
        members.removeAll(keepingCapacity: true)
    }
}
