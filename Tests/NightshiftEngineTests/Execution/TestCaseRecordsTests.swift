import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import Testing

/// A test step's records for the reports and the run history are read where the step keeps
/// them, one at a time, and masked as they are read: 500,000 are never all held.
@Suite("Test case records read when asked for")
struct TestCaseRecordsTests {
    static func record(_ number: Int) -> TestCaseRecord {
        TestCaseRecord(identifier: "B/S/test\(number)()", outcome: number % 7 == 0 ? .failed : .passed)
    }

    @Test("records read from their source: each read when asked for, masked as read, nothing held")
    func readWhenAsked() {
        let reads = LockedValue(0)
        let records = TestCaseRecords(count: 500_000) { number in
            reads.withLock { $0 += 1 }
            return Self.record(number)
        }
        let report = TestStepReport(tests: records).masked(by: SecretMasker(secrets: ["test42()"]))
        #expect(report.tally.total == 500_000 && report.tally.failed == 71_429)
        let countedOnce = reads.withLock { $0 }
        #expect(countedOnce == 500_000, "the tally read each record once")
        #expect(report.tests[42].identifier == "B/S/********")
        #expect(report.tests[43] == Self.record(43))
        #expect(reads.withLock { $0 } == countedOnce + 2, "read again when asked again: not held")
    }

    @Test("a changed record or list is held from then on, and equal to the same records held")
    func changed() {
        var records = TestCaseRecords(count: 3) { Self.record($0) }
        #expect(records == [Self.record(0), Self.record(1), Self.record(2)])
        records[1].identifier = "B/S/renamed()"
        records += [Self.record(9)]
        #expect(records.map(\.identifier) == ["B/S/test0()", "B/S/renamed()", "B/S/test2()", "B/S/test9()"])
        #expect(TestStepReport(tests: [Self.record(0)]).tests == TestCaseRecords(count: 1) { Self.record($0) })
    }
}
