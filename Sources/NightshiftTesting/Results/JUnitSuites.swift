import NightshiftEngine

/// Test cases grouped into JUnit suites: one per bundle, split further by device and
/// configuration when a run had several, in the order first seen.
struct JUnitSuites {
    struct Suite {
        var name: String
        var properties: [(String, String)]
        /// Positions in the results: 4 bytes a test.
        var members: [Int32] = []
        var tally = TestTally()
        var time = 0.0
    }

    private(set) var suites: [Suite] = []
    private(set) var time = 0.0
    /// Every suite's tally added up.
    private(set) var tally = TestTally()

    /// One pass over `results`, each read once.
    init(_ results: some Sequence<TestCaseResult>) {
        var index: [String: Int] = [:]
        for (position, test) in results.enumerated() {
            let qualifiers = [test.device, test.configuration].compactMap { $0 }
            let name = qualifiers.isEmpty ? test.bundle : "\(test.bundle) [\(qualifiers.joined(separator: ", "))]"
            let slot: Int
            if let known = index[name] {
                slot = known
            } else {
                var properties: [(String, String)] = []
                if let device = test.device { properties.append(("device", device)) }
                if let configuration = test.configuration { properties.append(("configuration", configuration)) }
                suites.append(Suite(name: name, properties: properties))
                slot = suites.count - 1
                index[name] = slot
            }
            suites[slot].members.append(Int32(position))
            suites[slot].tally.add(test.outcome, flaky: test.isFlaky)
            tally.add(test.outcome, flaky: test.isFlaky)
            let seconds = test.attempts.reduce(0) { $0 + max(0, $1.durationSeconds) }
            suites[slot].time += seconds
            time += seconds
        }
    }
}
