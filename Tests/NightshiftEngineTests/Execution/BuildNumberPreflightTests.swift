import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// `archive: { build_number: { from: env } }` whose number cannot be had is named before any
/// step runs, as a missing secret is: not after the lane's tests and builds.
@Suite("Build number from the environment, checked before the run")
struct BuildNumberPreflightTests {
    /// Archives as a performer would, recording that it did.
    private struct RecordingArchive: StepPerformer {
        let performed = LockedValue(0)
        func perform(_ step: Step, in context: StepContext) async throws -> Termination {
            performed.withLock { $0 += 1 }
            return .exited(0)
        }
    }

    static let yaml = """
        project: { name: Brewer, scheme: Brewer }
        codesigning: { path: signing }
        configurations:
          beta:
            certificate: distribution
            provisioning_profile: beta
            app_identifier: com.example.brewer
            export_method: ad-hoc
            build_configuration: Release
        lanes:
          named:
            configuration: beta
            steps:
              - sh: echo first
              - archive: { build_number: { from: env, variable: MY_BUILD } }
          ci:
            configuration: beta
            steps:
              - sh: echo first
              - archive: { build_number: { from: env } }
          provided:
            configuration: beta
            env: { BUILD_NUMBER: "7" }
            steps:
              - archive: { build_number: { from: env } }
        """

    private func harness(_ environment: [String: String] = [:]) throws -> (LaneRunnerHarness, RecordingArchive) {
        var harness = try LaneRunnerHarness(yaml: Self.yaml)
        let archive = RecordingArchive()
        harness.performers[.archive] = archive
        for (name, value) in environment { harness.environment[name] = value }
        return (harness, archive)
    }

    @Test("a named variable that is unset: named with its place, nothing runs")
    func namedVariableUnset() async throws {
        let (harness, archive) = try harness()
        let error = await #expect(throws: RunPreparationError.self) { try await harness.run("named") }
        #expect(
            error?.description
                == "lanes.yml:15:9: error: environment variable 'MY_BUILD' is not set (needed by archive.build_number.variable of step 'archive' of lane 'named')"
        )
        #expect(await harness.shell.commands.isEmpty && archive.performed.withLock { $0 } == 0)
    }

    @Test("without variable: outside CI no build number is set: named before the first step, with what to write instead")
    func ciBuildNumberUnset() async throws {
        let (harness, archive) = try harness()
        let error = await #expect(throws: RunPreparationError.self) { try await harness.run("ci") }
        #expect(
            error?.description == """
                lanes.yml:20:9: error: none of the CI's build number variables 'BUILD_NUMBER', 'GITHUB_RUN_NUMBER', 'BUILDKITE_BUILD_NUMBER' is set (needed by archive.build_number { from: env } of step 'archive' of lane 'ci')
                lanes.yml:20:9: note: outside CI, name the variable that holds it: { from: env, variable: NAME }
                """)
        #expect(await harness.shell.commands.isEmpty && archive.performed.withLock { $0 } == 0)
    }

    @Test("without variable: the CI's number, or an env: that sets BUILD_NUMBER, lets the lane run")
    func ciBuildNumberSet() async throws {
        for environment in [["GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "41"], ["BUILD_NUMBER": "12"]] {
            let (harness, archive) = try harness(environment)
            await harness.shell.onScripts("echo first")
            let result = try await harness.run("ci")
            #expect(result.status == .passed, "\(environment)")
            #expect(archive.performed.withLock { $0 } == 1)
        }
        let (harness, archive) = try harness()
        #expect(try await harness.run("provided").status == .passed)
        #expect(archive.performed.withLock { $0 } == 1)
    }
}
