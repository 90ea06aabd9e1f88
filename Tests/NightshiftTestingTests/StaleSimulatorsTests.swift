import Foundation
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
@testable import NightshiftTesting
import Testing

/// Which simulators a test step may delete as left by an ended run: its name says the run, the
/// run's journal locks say whether it ended (LeftSimulatorsTests does it end to end).
@Suite("Simulators left by ended runs", .temporaryDirectory)
struct StaleSimulatorsTests {
    @Test("the run id comes from nightshift's own names only")
    func names() {
        #expect(StaleSimulators.runID(ofSimulatorNamed: "nightshift-20261122-013000-b42-4711-2") == "20261122-013000-b42-4711")
        #expect(StaleSimulators.runID(ofSimulatorNamed: "nightshift-20261122-004900-scheduled-12") == "20261122-004900-scheduled")
        for other in [
            "iPhone 16", "nightshift-", "nightshift--1", "nightshift-run", "nightshift-run-x", "Clone 1 of nightshift-run-1",
            "nightshift-a/b-1",
        ] {
            #expect(StaleSimulators.runID(ofSimulatorNamed: other) == nil, "\(other)")
        }
    }

    @Test("ended: some lane has the run's folder and no lane holds its lock; unknown runs and held locks are not")
    func ended() throws {
        let state = AbsolutePath.test(try TemporaryDirectory.make() + "/.nightshift"), runs = state.appending("runs")
        // Taken and let go at once: the file is there, nobody holds it (a run that ended, however).
        _ = try FileLock(path: RunFolders.journalLock(runsFolder: runs.string, lane: "nightly", runID: "dead"))
        _ = try FileLock(path: RunFolders.journalLock(runsFolder: runs.string, lane: "smoke", runID: "both"))
        let held = try FileLock(path: RunFolders.journalLock(runsFolder: runs.string, lane: "nightly", runID: "both"))
        #expect(StaleSimulators.hasEnded("dead", runsFolder: runs))
        #expect(!StaleSimulators.hasEnded("both", runsFolder: runs), "one lane of the run still holds its lock")
        #expect(!StaleSimulators.hasEnded("unknown", runsFolder: runs))
        withExtendedLifetime(held) {}
        #expect(RunFolders(root: state, lane: "nightly", runID: "r").runsFolder == runs)
        #expect(RunFolders(runID: "r", logs: .test("/x/run"), output: .test("/x/run/output")).runsFolder == nil)
        #expect(RunFolders(runID: "r", logs: .test("/runs/l/r"), output: .test("/runs/l/r/output")).runsFolder == .test("/runs"))
        let resumed = state.appending("runs/nightly/r")
        #expect(RunFolders(runID: "r", logs: resumed.appending("attempt-2"), output: resumed.appending("output")).runsFolder == runs)
        #expect(RunFolders(runID: "other", logs: resumed, output: resumed.appending("output")).runsFolder == nil, "another run's folder")
    }
}
