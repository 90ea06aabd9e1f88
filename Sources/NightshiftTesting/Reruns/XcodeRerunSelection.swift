import NightshiftCore

/// What a re-run of xcodebuild's failing tests names by `-only-testing`, within the command
/// line's bound: each test, as long as they fit; beyond that, a whole class (or top-level
/// suite) where every test of it that ran failed, which re-runs exactly the same tests in one
/// argument; and what still does not fit goes to several invocations.
public enum XcodeRerunSelection {
    /// The `-only-testing` values of each invocation, in order, every failing test named once,
    /// by itself or by its class. `ran`: every identifier the run reported (to know a class
    /// whose every test failed); `budget`: the bytes the values may take, with their
    /// `-only-testing` flags.
    public static func invocations(failing: [String], ran: some Sequence<String>, budget: Int) -> [[String]] {
        guard !failing.isEmpty else { return [] }
        let perTest = failing.count * CommandLineBound.size(of: "-only-testing")
        if CommandLineBound.size(of: failing) + perTest <= budget { return [failing] }
        return CommandLineBound.invocations(collapsed(failing, ran: ran), flag: "-only-testing", budget: budget)
    }

    /// `failing` with the tests of each class whose every test failed replaced by the class,
    /// where the class first appears.
    static func collapsed(_ failing: [String], ran: some Sequence<String>) -> [String] {
        let failingSet = Set(failing)
        var whole: [String: Bool] = [:]
        for identifier in ran {
            let unit = ShardPlanner.unit(of: identifier)
            guard unit != identifier else { continue }
            whole[unit] = (whole[unit] ?? true) && failingSet.contains(identifier)
        }
        var named: [String] = []
        var placed = Set<String>()
        for identifier in failing {
            let unit = ShardPlanner.unit(of: identifier)
            if unit != identifier, whole[unit] == true {
                if placed.insert(unit).inserted { named.append(unit) }
            } else {
                named.append(identifier)
            }
        }
        return named
    }
}
