import Foundation
import NightshiftCore
import NightshiftCron
import NightshiftScheduling
import NightshiftTestSupport
import Testing
import NightshiftSystem
import Testing

@Suite("nightshift schedule, next and history, end to end", .temporaryDirectory)
struct ScheduleCommandTests {
    /// The repository's own lanes.yml: `developer-release` at `H 0 * * 0-4`, `qa-release` at `H 6 * * 1`.
    static let bundledLanes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("lanes.yml").path

    static func folder(lanes: String? = nil) throws -> String {
        let directory = try makeTemporaryDirectory()
        let text = try lanes ?? String(contentsOfFile: bundledLanes, encoding: .utf8)
        try text.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("--simulate prints a week of the bundled lanes' firings in time order, in the system zone, and runs nothing")
    func simulateWeek() async throws {
        let directory = try Self.folder()
        let utc = try await NightshiftBinary.run(
            ["schedule", "--simulate", "--from", "2026-11-23T00:00:00Z", "--to", "2026-11-30T00:00:00Z"], in: directory,
            environment: ["TZ": "UTC"])
        #expect(utc.exitCode == 0, "\(utc.standardError)")
        #expect(
            utc.standardOutput == """
                2026-11-23T00:52:00+00:00 developer-release
                2026-11-23T06:24:00+00:00 qa-release
                2026-11-24T00:52:00+00:00 developer-release
                2026-11-25T00:52:00+00:00 developer-release
                2026-11-26T00:52:00+00:00 developer-release
                2026-11-29T00:52:00+00:00 developer-release

                """)
        let berlin = try await NightshiftBinary.run(
            ["schedule", "--simulate", "--from", "2026-11-23", "--to", "2026-11-24"], in: directory, environment: ["TZ": "Europe/Berlin"])
        #expect(berlin.standardOutput == "2026-11-23T00:52:00+01:00 developer-release\n2026-11-23T06:24:00+01:00 qa-release\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/.nightshift"))
    }

    @Test("next shows each scheduled lane's spec and next firings; an unscheduled lane is an error")
    func next() async throws {
        let directory = try Self.folder()
        let outcome = try await NightshiftBinary.run(
            ["next", "qa-release", "--count", "2", "--from", "2026-11-22T00:00:00Z"],
            in: directory, environment: ["TZ": "UTC"])
        #expect(
            outcome.standardOutput
                == "qa-release  H 6 * * 1  (seed qa-release, UTC)\n  2026-11-23T06:24:00+00:00\n  2026-11-30T06:24:00+00:00\n")
        let lint = try await NightshiftBinary.run(["next", "lint"], in: directory)
        #expect(lint.exitCode == 2)
        #expect(lint.standardError == "error: lane 'lint' has no schedule\n")
    }

    @Test("--print-systemd describes this daemon with the absolute lanes file, --env and PATH")
    func printSystemd() async throws {
        let directory = try Self.folder()
        let outcome = try await NightshiftBinary.run(["schedule", "--print-systemd", "--env", "ci"], in: directory)
        #expect(outcome.exitCode == 0)
        let unit = outcome.standardOutput
        #expect(unit.hasPrefix("# A systemd user unit"))
        #expect(unit.contains("\n[Unit]\nDescription=nightshift scheduler (\(directory)/lanes.yml)\n"))
        #expect(unit.contains("\nWorkingDirectory=\(directory)\n"))
        #expect(unit.contains("\nEnvironment=PATH=/usr/bin:/bin\n"))
        let binary = URL(fileURLWithPath: NightshiftBinary.path).resolvingSymlinksInPath().path
        #expect(unit.contains("\nExecStart=\(binary) schedule --file \(directory)/lanes.yml --env ci\n"))
        #expect(unit.contains("\nExecReload=/bin/kill -HUP $MAINPID\n"))
        #expect(unit.hasSuffix("[Install]\nWantedBy=default.target\n"))
    }

    @Test("a bad schedule in lanes.yml stops the daemon before it starts: file:line:column, exit 2")
    func badSchedule() async throws {
        let directory = try Self.folder(
            lanes: "project: { name: Demo }\nlanes:\n  nightly:\n    schedule: H 24 * * *\n    steps: [{ sh: make }]\n")
        let outcome = try await NightshiftBinary.run(["schedule"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(
            outcome.standardError.contains(
                "lanes.yml:4:17: error: invalid schedule for lane 'nightly' (hour field): 24 is an invalid value"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/.nightshift"))
    }

    @Test("the daemon holds a lock (a second one refuses), and SIGTERM stops it with exit 0")
    func daemonLockAndStop() async throws {
        let directory = try Self.folder(
            lanes: "project: { name: Demo }\nlanes:\n  yearly:\n    schedule: 0 0 1 1 *\n    steps: [{ sh: make }]\n")
        async let first = NightshiftBinary.run(["schedule", "--grace-period", "5s"], in: directory)
        // The lock holds the daemon's pid once its signal trap is in place.
        let pid = try await SignalTests.waitForPID(in: directory + "/.nightshift/lanes.yml.scheduler.lock")
        let second = try await NightshiftBinary.run(["schedule"], in: directory)
        #expect(second.exitCode == 1)
        #expect(second.standardError.contains("another nightshift scheduler (pid \(pid)) is already running for this file"))
        kill(pid, SIGTERM)
        let outcome = try await first
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("yearly (0 0 1 1 *): next at "))
        #expect(outcome.standardOutput.contains("SIGTERM: stopping"))
        #expect(outcome.standardOutput.hasSuffix("scheduler stopped\n"))
        let history = try await NightshiftBinary.run(["history"], in: directory)
        #expect(history.standardOutput == "No runs recorded.\n")
    }

    @Test("validate warns about a schedule that never fires, and passes (#15)")
    func validateWarnsNeverFiring() async throws {
        let directory = try Self.folder(
            lanes: "project: { name: Demo }\nlanes:\n  yearly:\n    schedule: 0 0 31 2 *\n    steps: [{ sh: make }]\n")
        let outcome = try await NightshiftBinary.run(["validate"], in: directory)
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.standardError.contains("lanes.yml:4:15: warning: the schedule of lane 'yearly' never fires"), "\(outcome.standardError)"
        )
    }

    @Test("a second daemon on the same lanes file through a hard link in another folder refuses to start (#15)")
    func daemonLockThroughHardLink() async throws {
        let directory = try Self.folder(
            lanes: "project: { name: Demo }\nlanes:\n  yearly:\n    schedule: 0 0 1 1 *\n    steps: [{ sh: make }]\n")
        let elsewhere = try makeTemporaryDirectory()
        try FileManager.default.linkItem(atPath: directory + "/lanes.yml", toPath: elsewhere + "/ci.yml")
        // Both daemons run as one user, so they share HOME.
        let home = ["HOME": try makeTemporaryDirectory()]
        async let first = NightshiftBinary.run(["schedule", "--grace-period", "5s"], in: directory, environment: home)
        let pid = try await SignalTests.waitForPID(in: directory + "/.nightshift/lanes.yml.scheduler.lock")
        let second = try await NightshiftBinary.run(["schedule", "--file", "ci.yml"], in: elsewhere, environment: home)
        kill(pid, SIGTERM)
        #expect(try await first.exitCode == 0)
        #expect(second.exitCode == 1)
        #expect(second.standardError.contains("another nightshift scheduler (pid \(pid)) is already running for this file"))
    }

    @Test("history lists the recorded runs, one lane's, and as JSON")
    func history() async throws {
        let directory = try Self.folder()
        let store = try SQLiteRunHistory(path: directory + "/.nightshift/history.sqlite")
        let start = try #require(CronTimeFormat.date(from: "2026-11-23T00:52:00Z", defaultZone: .gmt))
        _ = try await store.insert(
            RunRecord(
                lane: "developer-release", scheduledAt: start, startedAt: start, endedAt: start.addingTimeInterval(600),
                status: .succeeded, exitCode: 0, logFolder: ".nightshift/runs/developer-release/20261123-005200-scheduled"))
        _ = try await store.insert(RunRecord(lane: "qa-release", scheduledAt: start.addingTimeInterval(5520), status: .skipped))
        let table = try await NightshiftBinary.run(["history", "developer-release"], in: directory, environment: ["TZ": "UTC"])
        #expect(table.standardOutput.split(separator: "\n").count == 2)
        #expect(
            table.standardOutput.contains(
                "developer-release  2026-11-23T00:52:00+00:00  2026-11-23T00:52:00+00:00  2026-11-23T01:02:00+00:00  succeeded  0"))
        let json = try await NightshiftBinary.run(["history", "--json"], in: directory)
        let records = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect(records?.map { $0["lane"] as? String } == ["qa-release", "developer-release"])
        #expect(records?.first?["status"] as? String == "skipped")
    }

    @Test(
        "a nightshift run the scheduler launched holds its lane lock for its life, hides it from its steps, and runs nothing while another process holds it"
    )
    func runHoldsLaneLock() async throws {
        let directory = try makeTemporaryDirectory()
        let step =
            "echo ran >> \(directory)/runs.txt; printenv NIGHTSHIFT_LANE_LOCK || echo lock-unset; while [ ! -f \(directory)/release ]; do sleep 0.05; done"
        try "project: { name: Demo }\nlanes:\n  hello:\n    steps: [{ sh: '\(step)' }]\n"
            .write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let lock = directory + "/.nightshift/locks/hello.lock"
        async let first = NightshiftBinary.run(["run", "hello"], in: directory, environment: [LaneLockFiles.variable: lock])
        // The lock file holds the child's pid once the child holds the lock.
        let pid = try await SignalTests.waitForPID(in: lock)
        #expect(FileLock.isHeld(path: lock))
        let second = try await NightshiftBinary.run(["run", "hello"], in: directory, environment: [LaneLockFiles.variable: lock])
        #expect(second.exitCode == 1)
        #expect(second.standardError == "error: lane 'hello' is already running (pid \(pid)) and holds \(lock); not starting it again\n")
        _ = FileManager.default.createFile(atPath: directory + "/release", contents: nil)
        let outcome = try await first
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("lock-unset"))
        #expect(try String(contentsOfFile: directory + "/runs.txt", encoding: .utf8) == "ran\n")
        #expect(!FileLock.isHeld(path: lock))
    }

    @Test("nightshift run takes its run id from NIGHTSHIFT_RUN_ID, so its logs are where the history points")
    func runAdoptsRunID() async throws {
        let directory = try Self.folder(lanes: "project: { name: Demo }\nlanes:\n  hello:\n    steps: [{ sh: echo hi }]\n")
        let outcome = try await NightshiftBinary.run(
            ["run", "hello"], in: directory, environment: ["NIGHTSHIFT_RUN_ID": "20261123-005200-scheduled"])
        #expect(outcome.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/.nightshift/runs/hello/20261123-005200-scheduled"))
    }
}
