/// Splits the tests over shards by test class: `Target/Class` for XCTest, the top-level suite
/// for Swift Testing (`Target/Suite`, its nested suites with it). A class is the finest unit
/// that keeps `setUp()`/`class setUp()` and a suite's shared state running once, as in an
/// unsharded run; splitting finer would run a class's setup once per shard and break tests
/// that (wrongly, but commonly) rely on their order within a class. Tests outside any class
/// (a Swift Testing free function, `Target/test()`) are units of their own.
///
/// Balanced by the durations the run history recorded (greedy: the longest unit first, into the
/// least-loaded shard); the first time, when no duration is known, evenly by test count. Tests
/// the history does not know (new ones) weigh the median of those it does.
public enum ShardPlanner {
    public struct Unit: Sendable, Hashable {
        /// What `-only-testing` gets: `Target/Class`.
        public var identifier: String
        public var tests: [String]
        public var weight: Double
    }

    public struct Plan: Sendable, Hashable {
        /// Per shard, its units; never an empty shard (fewer units than shards: fewer shards).
        public var shards: [[Unit]]
        /// Whether recorded durations balanced it (else test counts did).
        public var byDuration: Bool

        public var loads: [Double] { shards.map { $0.reduce(0) { $0 + $1.weight } } }
    }

    /// `identifiers` as xcodebuild enumerates them (`Target/Class/test()`); `durations` in
    /// seconds by identifier, with or without the trailing `()`.
    public static func plan(identifiers: [String], shards: Int, durations: [String: Double]) -> Plan {
        let known = identifiers.compactMap { duration(of: $0, in: durations) }
        let byDuration = !known.isEmpty
        let fallback = median(known) ?? 1
        var units: [Unit] = []
        var index: [String: Int] = [:]
        for test in identifiers {
            let weight = byDuration ? duration(of: test, in: durations) ?? fallback : 1
            let name = unit(of: test)
            if let at = index[name] {
                units[at].tests.append(test)
                units[at].weight += weight
            } else {
                index[name] = units.count
                units.append(Unit(identifier: name, tests: [test], weight: weight))
            }
        }
        let ordered = units.enumerated().sorted { lhs, rhs in
            lhs.element.weight != rhs.element.weight ? lhs.element.weight > rhs.element.weight : lhs.offset < rhs.offset
        }.map(\.element)
        var plan = Array(repeating: [Unit](), count: max(1, min(shards, units.count)))
        var loads = Array(repeating: 0.0, count: plan.count)
        for unit in ordered {
            let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 } ?? 0
            plan[lightest].append(unit)
            loads[lightest] += unit.weight
        }
        return Plan(shards: plan.filter { !$0.isEmpty }, byDuration: byDuration)
    }

    /// `Target/Class/test()` → `Target/Class`; `Target/Suite/Nested/test()` → `Target/Suite`;
    /// `Target/test()` stays itself.
    /// By structure: a raw identifier's `/` (``Target/Suite/`a/b`()``) splits nothing.
    public static func unit(of identifier: String) -> String {
        let parts = TestNamePath.components(of: identifier, separatedBy: "/")
        guard parts.count >= 3 else { return identifier }
        return parts.prefix(2).joined(separator: "/")
    }

    static func duration(of identifier: String, in durations: [String: Double]) -> Double? {
        if let seconds = durations[identifier] { return seconds }
        if identifier.hasSuffix("()") { return durations[String(identifier.dropLast(2))] }
        return durations[identifier + "()"]
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
