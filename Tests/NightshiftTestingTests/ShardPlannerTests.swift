import NightshiftTesting
import Testing

@Suite("Shard planning")
struct ShardPlannerTests {
    @Test("no recorded durations: classes spread evenly by test count")
    func byCount() {
        let tests = (1...4).flatMap { c in (1...3).map { "T/C\(c)/test\($0)()" } } + ["T/C5/test1()", "T/C5/test2()"]
        let plan = ShardPlanner.plan(identifiers: tests, shards: 3, durations: [:])
        #expect(!plan.byDuration)
        #expect(plan.shards.count == 3)
        // 14 tests over 3 shards: 6, 4, 4 is the best whole classes allow (3+3, 3+1… by greedy: 3+2, 3+3, 3).
        let counts = plan.shards.map { $0.reduce(0) { $0 + $1.tests.count } }.sorted()
        #expect(counts.reduce(0, +) == 14)
        #expect(counts.max()! - counts.min()! <= 3)
        // Whole classes: no class in two shards.
        let units = plan.shards.flatMap { $0.map(\.identifier) }
        #expect(Set(units).count == units.count)
        #expect(Set(units) == ["T/C1", "T/C2", "T/C3", "T/C4", "T/C5"])
    }

    @Test("known durations: longest first into the least-loaded shard")
    func byDuration() {
        let durations = ["T/A/t()": 8.0, "T/B/t()": 4, "T/C/t()": 4, "T/D/t()": 2, "T/E/t()": 2]
        let plan = ShardPlanner.plan(identifiers: durations.keys.sorted(), shards: 2, durations: durations)
        #expect(plan.byDuration)
        #expect(plan.loads.sorted() == [10, 10])
        #expect(plan.shards[0].map(\.identifier) == ["T/A", "T/D"])
    }

    @Test("a new test weighs the median of the known ones; identifiers match with or without ()")
    func unknownTests() {
        let plan = ShardPlanner.plan(
            identifiers: ["T/A/a()", "T/B/b()", "T/C/c()"], shards: 2, durations: ["T/A/a": 6, "T/B/b()": 2])
        #expect(plan.loads.sorted() == [6, 8])
    }

    @Test("fewer classes than shards: fewer shards, never an empty one")
    func fewerUnits() {
        let plan = ShardPlanner.plan(identifiers: ["T/A/a()", "T/A/b()"], shards: 4, durations: [:])
        #expect(plan.shards.count == 1)
    }

    @Test("units: a class, a top-level Swift Testing suite, a free function")
    func units() {
        #expect(ShardPlanner.unit(of: "T/C/test()") == "T/C")
        #expect(ShardPlanner.unit(of: "T/Suite/Nested/test()") == "T/Suite")
        #expect(ShardPlanner.unit(of: "T/free()") == "T/free()")
    }

    @Test("the enumeration JSON: enabled tests once each, errors fail")
    func enumeration() throws {
        let json = """
            {"errors": [], "values": [{"testPlan": "Nightly", "disabledTests": [{"identifier": "T/C/off()"}],
             "enabledTests": [{"identifier": "T/C/a()"}, {"identifier": "T/C/b()"}]},
             {"testPlan": "Nightly", "enabledTests": [{"identifier": "T/C/a()"}]}]}
            """
        #expect(try TestEnumeration.enabledTests(in: Data(json.utf8)) == ["T/C/a()", "T/C/b()"])
        #expect(throws: TestEnumerationError.self) {
            try TestEnumeration.enabledTests(in: Data(#"{"errors": [{"message": "no such destination"}], "values": []}"#.utf8))
        }
        #expect(throws: TestEnumerationError.self) { try TestEnumeration.enabledTests(in: Data("[".utf8)) }
    }
}

import Foundation
