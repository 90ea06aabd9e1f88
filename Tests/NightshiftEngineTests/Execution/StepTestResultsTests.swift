import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// A performer's `StepDetails.setTests` reaches `StepResult.tests`, masked, the last call winning.
@Suite("Step results: a test step's report")
struct StepTestResultsTests {
    struct ReportingPerformer: StepPerformer {
        func perform(_ step: Step, in context: StepContext) async throws -> Termination {
            await context.details.setTests(TestStepReport(tests: [TestCaseRecord(identifier: "first", outcome: .failed)]))
            await context.details.setTests(
                TestStepReport(
                    tests: [
                        TestCaseRecord(identifier: "B/S/test_s3cr3t-token()", outcome: .passed, variant: "argument: s3cr3t-token"),
                        TestCaseRecord(identifier: "B/S/other()", outcome: .failed),
                    ], junitPath: "/runs/s3cr3t-token/tests.xml"))
            return .exited(0)
        }
    }

    @Test("copied into the result with every text masked")
    func copiedMasked() async throws {
        var harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                secrets: [DEPLOY_TOKEN]
                lanes:
                  ci:
                    steps:
                      - sh: work
                """)
        harness.performers = [.sh: ReportingPerformer()]
        let result = try await harness.run("ci")
        let tests = try #require(result.steps.first?.tests)
        #expect(tests.tests.map(\.identifier) == ["B/S/test_********()", "B/S/other()"])
        #expect(tests.tests.first?.variant == "argument: ********")
        #expect(tests.junitPath == "/runs/********/tests.xml")
        #expect(tests.tally == TestTally(passed: 1, failed: 1))
    }
}
