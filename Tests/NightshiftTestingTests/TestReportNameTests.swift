import NightshiftCore
@testable import NightshiftTesting
import Testing

/// The per-test JUnit file's documented name: `<lane>-<step>.tests.junit.xml` (Docs/Testing.md).
@Suite("the per-test JUnit file's name")
struct TestReportNameTests {
    static func step(_ name: String?, line: Int) -> Step {
        Step(
            .test(TestStepSettings(subject: .package(Template(".")))), options: StepOptions(name: name),
            location: SourceLocation(file: "lanes.yml", line: line, column: 7))
    }

    @Test("the lane, then the step's name made file-name safe, else its place; a shared name gets its place too")
    func names() {
        let steps = [
            Self.step("Unit tests", line: 3), Self.step(nil, line: 4), Self.step("Smoke", line: 5), Self.step("smoke", line: 6),
            Self.step("Smoke", line: 7),
        ]
        let lane = Lane(name: "Nightly CI", steps: steps)
        let names = steps.map { TestStepFolder.reportName(of: $0, in: lane, masker: SecretMasker(secrets: [])) }
        #expect(names == ["nightly-ci-unit-tests", "nightly-ci-2", "nightly-ci-smoke-3", "nightly-ci-smoke", "nightly-ci-smoke-5"])
    }

    @Test("a secret in a name is masked before it names a file")
    func masked() {
        let lane = Lane(name: "ship", steps: [Self.step("tests for hunter2", line: 3)])
        #expect(TestStepFolder.reportName(of: lane.steps[0], in: lane, masker: SecretMasker(secrets: ["hunter2"])) == "ship-tests-for")
    }
}
