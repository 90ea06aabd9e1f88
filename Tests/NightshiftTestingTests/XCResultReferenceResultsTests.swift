import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NightshiftEngine
import NightshiftTesting
import Testing

/// The JSON → results mapping against fastlane's recorded Xcode 16 result and the JUnit its
/// trainer generated from that very JSON (the upstream .junit files belong to another bundle).
/// Per test, not per byte: nightshift's flaky model (one case per test) differs on purpose
/// from fastlane's one case per repetition.
@Suite("xcresult: the fastlane reference")
struct XCResultReferenceResultsTests {
    /// One `<testcase>` of fastlane's JUnit: its outcome and how many `<failure>`s it has.
    struct FastlaneCase: Equatable {
        var outcome: TestOutcome
        var failures: Int
    }

    /// `classname name` → the cases fastlane wrote for it, in order.
    static func fastlaneCases(_ file: String) throws -> [String: [FastlaneCase]] {
        let document = try XMLDocument(data: ResultsFixtures.data("reference/\(file)"))
        var cases: [String: [FastlaneCase]] = [:]
        for element in try document.nodes(forXPath: "//testcase") as? [XMLElement] ?? [] {
            let key =
                "\(element.attribute(forName: "classname")?.stringValue ?? "") \(element.attribute(forName: "name")?.stringValue ?? "")"
            let failures = element.elements(forName: "failure").count
            let outcome: TestOutcome = failures > 0 ? .failed : element.elements(forName: "skipped").isEmpty ? .passed : .skipped
            cases[key, default: []].append(FastlaneCase(outcome: outcome, failures: failures))
        }
        return cases
    }

    /// fastlane's key for one of ours: the node identifier without the bundle, last part
    /// dropped, joined with dots; the name with the argument in place.
    static func fastlaneKey(_ test: TestCaseResult) -> String {
        let path = test.identifier.split(separator: "/").dropFirst().dropLast().joined(separator: ".")
        return "\(path) \(JUnitNaming.name(of: test))"
    }

    static func ours() throws -> [TestCaseResult] {
        try ResultsFixtures.cases("reference/Xcode16-Mixed-XCTest-SwiftTesting.json")
    }

    @Test("every test fastlane wrote, and no other: 64 entries")
    func sameTests() throws {
        let theirs = try Self.fastlaneCases("Xcode16-Mixed-XCTest-SwiftTesting.fastlane-generated-WithoutRetries.junit")
        let ours = try Self.ours()
        #expect(ours.count == 64)
        #expect(Set(ours.map(Self.fastlaneKey)) == Set(theirs.keys))
        #expect(theirs.values.allSatisfy { $0.count == 1 })
    }

    @Test("the final outcome is fastlane's last repetition, with as many failure messages")
    func finalOutcomes() throws {
        let theirs = try Self.fastlaneCases("Xcode16-Mixed-XCTest-SwiftTesting.fastlane-generated-WithoutRetries.junit")
        for test in try Self.ours() {
            let key = Self.fastlaneKey(test)
            guard let expected = theirs[key]?.first else {
                Issue.record("fastlane has no \(key)")
                continue
            }
            #expect(test.outcome == expected.outcome, "\(key)")
            if test.outcome == .failed {
                // fastlane writes one <failure> per message, a bare one when there is none.
                #expect(max(1, test.attempts.last?.messages.count ?? 0) == expected.failures, "\(key)")
            }
        }
    }

    @Test("each repetition is an attempt, in fastlane's order; 64 / 13 / 7 and nothing flaky")
    func attempts() throws {
        let theirs = try Self.fastlaneCases("Xcode16-Mixed-XCTest-SwiftTesting.fastlane-generated-WithRetries.junit")
        let ours = try Self.ours()
        for test in ours {
            let key = Self.fastlaneKey(test)
            #expect(test.attempts.map(\.outcome) == theirs[key]?.map(\.outcome), "\(key)")
        }
        let tally = TestTally(records: ours.map(\.record))
        #expect(tally == TestTally(passed: 44, failed: 13, skipped: 7))
        #expect(tally.total == 64)
        #expect(ours.filter { $0.attempts.count == 2 }.count == 48)
    }

    @Test("names, suites and durations as the JSON has them")
    func shapes() throws {
        let ours = try Self.ours()
        let password = try #require(
            ResultsFixtures.only(
                ours, "FastlaneTrainerExampleTests/FastlaneTrainerTests/UserTests/RegistrationTests/PasswordTests/testPasswordLength()"))
        #expect(password.bundle == "FastlaneTrainerExampleTests")
        // The suites by their type names, as the identifier has them (the nodes show display names).
        #expect(password.suitePath == ["FastlaneTrainerTests", "UserTests", "RegistrationTests", "PasswordTests"])
        #expect(password.name == "Password length requirements")
        #expect(password.attempts.map(\.label) == ["Retry 1", "Retry 2"])
        #expect(password.attempts.map(\.durationSeconds) == [0.013, 0.011])
        #expect(password.attempts[1].messages.map(\.line) == [156, 156])
        #expect(password.attempts[1].messages.first?.file == "FastlaneTrainerExampleTests.swift")
        let launch = ours.filter { $0.identifier == "FastlaneTrainerExampleUITests/FastlaneTrainerExampleUITestsLaunchTests/testLaunch" }
        #expect(
            launch.map { JUnitNaming.name(of: $0) } == ["testLaunch(1, 1)", "testLaunch(1, 4)", "testLaunch(2, 1)", "testLaunch(4, 2)"])
        // An argument without its own duration takes its test case's.
        #expect(launch.allSatisfy { $0.durationSeconds == 5 })
    }
}
