import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// A run killed with SIGKILL never reaches its cleanup: its `nightshift-<run-id>-N` simulators
/// stay booted. The next test step, of any lane, deletes the simulators of runs that no longer
/// run (their journal lock is free), and only those: never a live run's, nor one of a run this
/// project does not know. With the fake simctl (FakeTools/fake-simctl), whose devices are files.
@Suite("simulators a killed run left behind", .temporaryDirectory, .timeLimit(.minutes(3)))
struct LeftSimulatorsTests {
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        lanes:
          nightly:
            steps:
              - test: { destination: { device: iPhone 8 }, shards: 2 }
          smoke:
            steps:
              - test: { destination: { device: iPhone 8 } }
        """

    @Test("SIGKILL mid-test: the next run, of another lane, deletes that run's simulators, not a live or unknown run's")
    func killedRunsSimulators() async throws {
        let tests = "BrewerTests/SlowTests/testSlow()\t2\tpass\nBrewerTests/OtherTests/testSlow()\t2\tpass\n"
        let project = try TestStepLaneTests.Project(step: "sh: true", tests: tests)
        try Self.lanes.write(toFile: project.directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let pidFile = project.directory + "/nightshift.pid"
        async let first = project.run(["FAKE_TEST_HOLD": "1", "FAKE_XCODEBUILD_PIDFILE": pidFile])
        let pid = try await SignalTests.waitForPID(in: pidFile)
        // Both shards' simulators exist before it dies (the tests hold until it is gone).
        await waitUntil("both shards' simulators", checkingEvery: .milliseconds(25)) { project.simulatorsLeft.count == 2 }
        kill(pid, SIGKILL)
        #expect(try await first.termination == .signalled(SIGKILL))
        let killed = Set(project.simulatorsLeft)
        #expect(killed.count == 2, "the killed run's simulators are left")

        // A run still going (its journal lock held, here) and a run of another project.
        let live = "20260101-000000-4242"
        let lock = try FileLock(path: "\(project.directory)/.nightshift/runs/smoke/\(live)/journal.lock")
        let model = try #require(killed.first)
        let liveUDID = try Self.addSimulator(named: "nightshift-\(live)-1", like: model, in: project)
        let unknownUDID = try Self.addSimulator(named: "nightshift-20260101-000000-5353-1", like: model, in: project)

        let second = try await NightshiftBinary.run(["run", "smoke"], in: project.directory, environment: project.environment)
        withExtendedLifetime(lock) {}
        #expect(second.exitCode == 0, "\(second.standardOutput)\(second.standardError)")
        #expect(Set(project.simulatorsLeft) == [liveUDID, unknownUDID])
        #expect(Set(project.deletedUDIDs).isSuperset(of: killed))
        #expect(second.standardOutput.contains("which is no longer running"))
    }

    /// A device in the fake simctl's default set, booted, of `model`'s type and runtime.
    static func addSimulator(named name: String, like model: String, in project: TestStepLaneTests.Project) throws -> String {
        let folder = project.directory + "/.fake-simctl/default"
        let fields = try String(contentsOfFile: "\(folder)/\(model)", encoding: .utf8).split(separator: "\n")
        let kept = fields.filter { $0.hasPrefix("type=") || $0.hasPrefix("runtime=") }.joined(separator: "\n")
        let udid = UUID().uuidString
        try "name=\(name)\n\(kept)\nstate=Booted\n".write(toFile: "\(folder)/\(udid)", atomically: true, encoding: .utf8)
        return udid
    }
}
