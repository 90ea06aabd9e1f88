import Foundation
import NightshiftApp
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift history` lists manual runs beside the scheduler's firings; the scheduler's own
/// children are not recorded twice, and a manual run is no firing to the scheduler.
@Suite("history shows manual runs")
struct ManualRunHistoryTests {
    static let lanes = """
        lanes:
          build: { steps: [ { sh: make } ] }
          broken: { steps: [ { sh: "exit 3" } ] }
        """

    @Test("a manual run, passed or failed, is in history with its status, exit code, log folder and trigger 'manual'")
    func recorded() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        await app.shell.onScripts("make")
        await app.shell.onScript(containing: "exit 3", .output([], .exited(3)))
        #expect(await app.run("build") == 0)
        #expect(await app.run("broken") == 1)
        let history = try SQLiteRunHistory(path: app.directory + "/.nightshift/history.sqlite")
        let records = try await history.records(lane: nil, limit: 10)
        #expect(records.map(\.lane).sorted() == ["broken", "build"])
        #expect(records.allSatisfy { $0.trigger == .manual })
        let build = try #require(records.first { $0.lane == "build" })
        #expect(build.status == .succeeded && build.exitCode == 0)
        #expect(build.logFolder?.hasPrefix(app.directory + "/.nightshift/runs/build/") == true)
        #expect(records.first { $0.lane == "broken" }?.status == .failed)
        #expect(records.first { $0.lane == "broken" }?.exitCode == 1)
        // A manual run handles no firing and sets no poll-SCM revision.
        #expect(try await history.lastScheduledTime(lane: "build") == nil)
        #expect(try await history.lastSuccessfulRevision(lane: "build") == nil)

        let listing = try AppHarness()
        try FileManager.default.createDirectory(atPath: listing.directory + "/.nightshift", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: app.directory + "/.nightshift/history.sqlite", toPath: listing.directory + "/.nightshift/history.sqlite")
        #expect(await ShowHistory().execute(in: listing.environment()) == 0)
        let lines = listing.standardOutput.split(separator: "\n")
        #expect(lines.first?.contains("TRIGGER") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains("  manual") }, "\(listing.standardOutput)")
        #expect(lines.count == 3)
    }

    @Test("a run the scheduler launched (its lane lock set) is recorded by the scheduler only; a dry run by nobody")
    func notTwice() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        await app.shell.onScripts("make")
        let lock = app.directory + "/.nightshift/locks/build.lock"
        try FileManager.default.createDirectory(atPath: app.directory + "/.nightshift/locks", withIntermediateDirectories: true)
        #expect(
            await RunLanes(global: LanesFileOptions(), lanes: ["build"]).execute(in: app.environment(["NIGHTSHIFT_LANE_LOCK": lock])) == 0)
        #expect(await RunLanes(global: LanesFileOptions(), lanes: ["build"], dryRun: true).execute(in: app.environment()) == 0)
        #expect(!FileManager.default.fileExists(atPath: app.directory + "/.nightshift/history.sqlite"))
    }
}
