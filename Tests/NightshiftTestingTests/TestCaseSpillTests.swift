import NightshiftEngine
import Testing

@testable import NightshiftTesting

/// The merger's scratch file: every field reads back as written, in memory and from disk.
@Suite("test cases kept on disk")
struct TestCaseSpillTests {
    static let odd = TestCaseResult(
        identifier: "B/S/`half of 1/2`()", bundle: "B", suitePath: ["S", "`A.B`", ""], name: "nul\u{0} café ☕️",
        argument: "", argumentOccurrence: 3, device: "iPhone 16 (18.2)", configuration: nil,
        attempts: [
            TestAttempt(
                outcome: .failed, durationSeconds: 0.125,
                messages: [
                    TestFailureMessage(text: "boom", file: "S.swift", line: 38), TestFailureMessage(text: "", file: nil, line: Int.max),
                    TestFailureMessage(text: "x", file: "F", line: -1),
                ], label: "First Run"),
            TestAttempt(outcome: .expectedFailure), TestAttempt(outcome: .skipped, durationSeconds: 1e9, label: ""),
            TestAttempt(outcome: .passed, durationSeconds: 3),
        ])

    @Test("every field of a case reads back equal, through bytes")
    func roundTrip() {
        let plain = TestCaseResult(identifier: "i", bundle: "", suitePath: [], name: "", attempts: [])
        for test in [Self.odd, plain] {
            var bytes: [UInt8] = []
            TestCaseBytes.encode(test, into: &bytes)
            #expect(bytes.withUnsafeBytes { TestCaseBytes.decode($0) } == test)
            // Cut short, or with a byte too many: not a case.
            #expect(bytes.dropLast().withUnsafeBytes { TestCaseBytes.decode($0) } == nil)
            #expect((bytes + [0]).withUnsafeBytes { TestCaseBytes.decode($0) } == nil)
        }
    }

    @Test("more than a flush of cases: those on disk and those still in memory read back, in any order")
    func spillsToDisk() {
        let spill = TestCaseSpill()
        var places: [TestCaseSpill.Place] = []
        for index in 0..<20_000 {
            var test = Self.odd
            test.identifier = "B/S/t\(index)()"
            places.append(spill.append(test))
        }
        for index in [19_999, 0, 7_777, 1, 19_998] {
            #expect(spill.read(places[index])?.identifier == "B/S/t\(index)()")
        }
        #expect(places.indices.allSatisfy { spill.read(places[$0])?.attempts == Self.odd.attempts })
    }

    @Test("no scratch folder: the cases stay in memory, none lost")
    func noFolder() {
        let spill = TestCaseSpill(directory: "/nonexistent-nightshift-folder")
        let places = (0..<20_000).map { _ in spill.append(Self.odd) }
        #expect(places.allSatisfy { spill.read($0) == Self.odd })
    }

    @Test("the key index: 100,000 keys found where they were put, others not; a tag that matches is confirmed")
    func keyIndex() {
        var index = TestKeyIndex()
        let keys = (0..<100_000).map { TestCaseKey(identifier: "B/S/t\($0)()", argument: $0 % 3 == 0 ? "x" : nil) }
        for (position, key) in keys.enumerated() { index.insert(key, at: Int32(position)) }
        #expect(
            keys.indices.allSatisfy { position in index.position(of: keys[position]) { keys[Int($0)] == keys[position] } == Int32(position)
            })
        #expect(
            index.position(of: TestCaseKey(identifier: "B/S/t1()", argument: "x")) {
                keys[Int($0)] == TestCaseKey(identifier: "B/S/t1()", argument: "x")
            } == nil)
        // A confirmation that always says no: nothing is found, whatever the tags.
        #expect(index.position(of: keys[7]) { _ in false } == nil)
    }
}
