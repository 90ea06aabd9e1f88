import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSchema
import Testing

@Suite("test: step parsing")
struct TestStepParsingTests {
    private func settings(_ step: String) throws -> TestStepSettings {
        let text = "project: { name: Brewer, scheme: Brewer }\nlanes:\n  nightly:\n    steps:\n      - \(step)\n"
        let file = try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
        guard case .test(let settings) = try #require(file.lanes.first?.steps.first).kind else {
            Issue.record("not a test step")
            throw CancellationError()
        }
        return settings
    }

    @Test("every key of the issue's example is read")
    func fullExample() throws {
        let parsed = try settings(
            """
            test: { scheme: Brewer, test_plan: Nightly, destination: { device: iPhone 16, os: 18.2 },
                    only: [BrewerTests/LedgerTests], skip: BrewerTests/SlowTests, retries: 2, shards: 3,
                    coverage: { minimum: 70% }, junit: reports/tests.xml, boot_timeout: 2m }
            """)
        guard case .xcode(let scheme, let plan, let destination) = parsed.subject else { throw CancellationError() }
        #expect(scheme?.raw == "Brewer")
        #expect(plan?.raw == "Nightly")
        // `os: 18.2` is a YAML number: kept as the text written.
        #expect(destination == .simulator(device: "iPhone 16", os: "18.2"))
        #expect(parsed.only.map(\.text) == ["BrewerTests/LedgerTests"])
        #expect(parsed.skip.map(\.text) == ["BrewerTests/SlowTests"])
        #expect(parsed.retries == 2)
        #expect(parsed.shards == 3)
        #expect(parsed.coverageMinimum == 70)
        #expect(parsed.junit?.raw == "reports/tests.xml")
        #expect(parsed.bootTimeout == .seconds(120))
    }

    @Test("defaults: `- test` tests project.scheme once, on one simulator, without retries")
    func bare() throws {
        let parsed = try settings("test")
        #expect(parsed.subject == .xcode(scheme: nil, testPlan: nil, destination: nil))
        #expect(parsed.shards == 1)
        #expect(parsed.retries == 0)
        #expect(parsed.coverageMinimum == nil)
        #expect(parsed.bootTimeout == TestStepSettings.defaultBootTimeout)
    }

    @Test("a package, a raw destination, coverage: true")
    func variants() throws {
        #expect(try settings("test: { package: ., retries: 1 }").subject == .package("."))
        let raw = try settings("test: { destination: \"platform=macOS\" }")
        #expect(raw.subject == .xcode(scheme: nil, testPlan: nil, destination: .raw("platform=macOS")))
        #expect(try settings("test: { package: ., coverage: true }").coverageMinimum == 0)
    }

    @Test("percentages and report paths")
    func values() {
        #expect(TestStepValues.percentage("70%") == 70)
        #expect(TestStepValues.percentage("92.5") == 92.5)
        #expect(TestStepValues.percentage("100%") == 100)
        for bad in ["100.1%", "-1%", "%", "", "7 0%", "1e2", ".5%", "70%%", "nan", "inf"] {
            #expect(TestStepValues.percentage(bad) == nil, "\(bad)")
        }
        #expect(TestStepValues.reportPathProblem("reports/../tests.xml") == nil)
        #expect(TestStepValues.reportPathProblem("/tmp/tests.xml") == nil)
        #expect(TestStepValues.reportPathProblem("../tests.xml") != nil)
        #expect(TestStepValues.reportPathProblem("a/../../tests.xml") != nil)
        #expect(TestStepValues.reportPathProblem("reports/") != nil)
        #expect(TestStepValues.reportPathProblem("a\u{0}b.xml") != nil)
    }
}
