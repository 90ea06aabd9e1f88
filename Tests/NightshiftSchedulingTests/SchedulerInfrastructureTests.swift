import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Scheduler history, lock, launcher and service files", .temporaryDirectory)
struct SchedulerInfrastructureTests {
    static func temporaryDirectory() throws -> String {
        try TemporaryDirectory.make("cron")
    }

    @Test("the SQLite history round-trips records, newest first, and answers the daemon's questions")
    func historyRoundTrip() async throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try SQLiteRunHistory(path: folder + "/.nightshift/history.sqlite")
        var first = try await history.insert(
            RunRecord(
                lane: "a", scheduledAt: instant("2026-01-01T00:00:00Z"),
                startedAt: instant("2026-01-01T00:00:01Z"), status: .running, revision: "r1"))
        first.status = .succeeded
        first.exitCode = 0
        first.endedAt = instant("2026-01-01T00:10:00Z")
        first.logFolder = ".nightshift/runs/a/1"
        try await history.update(first)
        _ = try await history.insert(RunRecord(lane: "a", scheduledAt: instant("2026-01-02T00:00:00Z"), status: .skipped))
        _ = try await history.insert(RunRecord(lane: "b", scheduledAt: instant("2026-01-03T00:00:00Z"), status: .failed, exitCode: 1))
        let reopened = try SQLiteRunHistory(path: folder + "/.nightshift/history.sqlite")
        let all = try await reopened.records(lane: nil, limit: 10)
        #expect(all.map(\.lane) == ["b", "a", "a"])
        #expect(all.last == first)
        #expect(try await reopened.lastScheduledTime(lane: "a") == instant("2026-01-02T00:00:00Z"))
        #expect(try await reopened.lastSuccessfulRevision(lane: "a") == "r1")
        #expect(try await reopened.records(lane: "b", limit: 10).map(\.exitCode) == [1])
    }

    @Test("the SQLite history lists the runs left running, closes one only while it is running, and keeps notes")
    func historyLeftRunning() async throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try SQLiteRunHistory(path: folder + "/history.sqlite")
        let open = try await history.insert(RunRecord(lane: "a", scheduledAt: instant("2026-01-01T00:00:00Z"), status: .running))
        let other = try await history.insert(RunRecord(lane: "b", scheduledAt: instant("2026-01-01T00:00:00Z"), status: .running))
        _ = try await history.insert(
            RunRecord(lane: "a", scheduledAt: instant("2026-01-01T01:00:00Z"), status: .skipped, note: "still running"))
        #expect(try await history.runningRecords() == [open, other])
        var lost = open
        lost.status = .lost
        lost.endedAt = instant("2026-01-01T02:00:00Z")
        lost.note = "the daemon stopped"
        #expect(try await history.updateIfRunning(lost))
        var late = lost
        late.status = .succeeded
        #expect(try await !history.updateIfRunning(late), "a closed run is not reopened or overwritten")
        #expect(try await history.runningRecords() == [other])
        let reopened = try SQLiteRunHistory(path: folder + "/history.sqlite")
        #expect(try await reopened.records(lane: "a", limit: 5).map(\.note) == ["still running", "the daemon stopped"])
        #expect(try await reopened.records(lane: "a", limit: 5).last == lost)
    }

    @Test("a file lock is seen held while any open file holds it, free when it goes or was never taken")
    func fileLockProbe() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lanes = LaneLockFiles(stateDirectory: folder + "/.nightshift")
        let path = lanes.path(lane: "qa")
        #expect(path == folder + "/.nightshift/locks/qa.lock")
        #expect(!lanes.isHeld(lane: "qa"))
        #expect(!FileManager.default.fileExists(atPath: path), "trying a lock creates nothing")
        var held: FileLock? = try FileLock(path: path)
        #expect(lanes.isHeld(lane: "qa"))
        #expect(lanes.isHeld(lane: "qa"), "trying the lock lets go of it again")
        #expect(throws: FileLockError.held(path: path, pid: getpid())) { try FileLock(path: path) }
        #expect(held != nil)
        held = nil
        #expect(!lanes.isHeld(lane: "qa"))
    }

    @Test("a lock path naming someone else's file is refused and the file left as it was; an old lock is reused")
    func foreignFileIsNeverTruncated() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let precious = folder + "/lanes.yml"
        try "lanes:\n  qa: { steps: [ { sh: make } ] }\n".write(toFile: precious, atomically: false, encoding: .utf8)
        #expect(throws: FileLockError.notALockFile(path: precious)) { try FileLock(path: precious) }
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "lanes:\n  qa: { steps: [ { sh: make } ] }\n")
        #expect(throws: FileLockError.notALockFile(path: "/dev/null")) { try FileLock(path: "/dev/null") }
        let stale = folder + "/qa.lock"
        try "4242\n".write(toFile: stale, atomically: false, encoding: .utf8)
        let lock = try FileLock(path: stale)
        #expect(FileLock.holder(of: stale) == getpid())
        _ = lock
    }

    @Test("history prints as a table and as JSON")
    func historyPrinting() throws {
        let record = RunRecord(
            id: 1, lane: "nightly", scheduledAt: instant("2026-01-01T00:49:00Z"), startedAt: instant("2026-01-01T00:49:00Z"),
            endedAt: instant("2026-01-01T01:02:00Z"), status: .succeeded, exitCode: 0, logFolder: "runs/nightly/1")
        let table = RunHistoryPrinter.table([record], zone: utc)
        #expect(table.split(separator: "\n").first?.hasPrefix("LANE") == true)
        #expect(
            table.contains(
                "nightly  2026-01-01T00:49:00+00:00  2026-01-01T00:49:00+00:00  2026-01-01T01:02:00+00:00  succeeded  0     runs/nightly/1")
        )
        let json = try RunHistoryPrinter.json([record])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["status"] as? String == "succeeded")
        #expect(decoded?.first?["scheduledAt"] as? String == "2026-01-01T00:49:00Z")
        #expect(RunHistoryPrinter.table([], zone: utc) == "No runs recorded.\n")
    }

    @Test("a second daemon on the same file refuses to start; the lock frees when the first goes")
    func lock() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/.nightshift/scheduler.lock"
        var first: SchedulerLock? = try SchedulerLock(path: path)
        #expect(throws: SchedulerLockError.alreadyRunning(path: path, pid: getpid())) { try SchedulerLock(path: path) }
        #expect(SchedulerLockError.alreadyRunning(path: path, pid: 42).description.contains("(pid 42) is already running"))
        #expect(first != nil)
        first = nil
        let second = try SchedulerLock(path: path)
        #expect(second.path == path)
    }

    @Test("the lock is named after the lanes file and lives beside it, whatever the working directory")
    func lockPath() throws {
        func lock(_ file: String, from directory: String) throws -> String {
            SchedulerLock.path(forLanesFile: try AbsolutePath(validating: file, relativeTo: try AbsolutePath(validating: directory)))
        }
        #expect(try lock("lanes.yml", from: "/srv/app") == "/srv/app/.nightshift/lanes.yml.scheduler.lock")
        #expect(try lock("../app/./ci.yml", from: "/srv/other") == "/srv/app/.nightshift/ci.yml.scheduler.lock")
        #expect(try lock("/srv/app/lanes.yml", from: "/elsewhere") == "/srv/app/.nightshift/lanes.yml.scheduler.lock")
    }

    @Test("the live launcher runs nightshift run as a child with the file, env and run id, and logs its output")
    func processLauncher() async throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shell = ScriptedShellRunner()
        await shell.on(["/usr/local/bin/nightshift", "run"], .output([(.standardOutput, "built\n")], .exited(3)))
        let launcher = ProcessLaneLauncher(
            shell: shell, executable: "/usr/local/bin/nightshift", lanesFile: "lanes.yml",
            environmentName: "ci", workingDirectory: folder, stateDirectory: .test(folder + "/.nightshift"))
        let outcome = await launcher.launch(LaneLaunch(lane: "qa", scheduledAt: instant("2026-01-01T00:00:00Z"), runID: "r1"))
        #expect(outcome.termination == .exited(3))
        #expect(outcome.logFolder == folder + "/.nightshift/runs/qa/r1")
        let command = try #require(await shell.commands.first)
        #expect(command.argv == ["/usr/local/bin/nightshift", "run", "qa", "--file", "lanes.yml", "--env", "ci"])
        #expect(command.environment == ["NIGHTSHIFT_RUN_ID": "r1", "NIGHTSHIFT_LANE_LOCK": folder + "/.nightshift/locks/qa.lock"])
        #expect(launcher.logFolder(for: LaneLaunch(lane: "qa", scheduledAt: Date(), runID: "r1")) == outcome.logFolder)
        let log = try String(contentsOfFile: folder + "/.nightshift/runs/qa/r1/scheduler.log", encoding: .utf8)
        #expect(log == "built\n")
    }

    @Test("a child that cannot start is an outcome without termination, not a daemon crash")
    func launchFailure() async throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shell = ScriptedShellRunner(fallback: .launchFailure("no such file"))
        let launcher = ProcessLaneLauncher(
            shell: shell, executable: "/missing", lanesFile: "lanes.yml", environmentName: nil,
            workingDirectory: nil, stateDirectory: .test(folder))
        let outcome = await launcher.launch(LaneLaunch(lane: "qa", scheduledAt: Date(), runID: "r2"))
        #expect(outcome.termination == nil)
    }

    @Test("service definitions start the daemon with the file and environment")
    func serviceDefinitions() throws {
        let service = ServiceDefinition(
            executable: "/opt/nightshift", lanesFile: try AbsolutePath(validating: "/srv/app/lanes.yml"), environmentName: "ci",
            workingDirectory: try AbsolutePath(validating: "/srv/my app"))
        #expect(service.launchdPlist.contains("<string>/opt/nightshift</string>\n        <string>schedule</string>"))
        #expect(service.launchdPlist.contains("<key>RunAtLoad</key>\n    <true/>"))
        #expect(service.systemdUnit.contains("ExecStart=/opt/nightshift schedule --file /srv/app/lanes.yml --env ci\n"))
        #expect(service.systemdUnit.contains("WorkingDirectory=/srv/my app\n"), "systemd takes paths verbatim: quotes would be part of it")
        #expect(service.systemdUnit.contains("ExecReload=/bin/kill -HUP $MAINPID"))
        #expect(!service.launchdPlist.contains("EnvironmentVariables"))
        #expect(!service.systemdUnit.contains("Environment="))
    }

    @Test("service definitions match their goldens: a LaunchAgent and a user unit, restarted after failures only")
    func serviceGoldens() throws {
        let service = ServiceDefinition(
            executable: "/opt/nightshift", lanesFile: try AbsolutePath(validating: "/srv/app/lanes.yml"), environmentName: "ci",
            workingDirectory: try AbsolutePath(validating: "/srv/app"), environment: ["PATH": "/opt/homebrew/bin:/usr/bin"])
        let folder = Golden.folder() + "/Fixtures/service"
        Golden.assertMatches(service.launchdPlist, file: folder + "/dev.nightshift.scheduler.plist")
        Golden.assertMatches(service.systemdUnit, file: folder + "/nightshift-scheduler.service")
    }

    @Test("the launchd agent restarts the daemon only after an unclean exit, throttled, and says it needs a login")
    func launchdKeepAlive() throws {
        let plist = ServiceDefinition(
            executable: "/opt/nightshift", lanesFile: try AbsolutePath(validating: "/srv/lanes.yml"), environmentName: nil,
            workingDirectory: try AbsolutePath(validating: "/srv")
        ).launchdPlist
        let parsed = try #require(try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: Any])
        #expect(parsed["RunAtLoad"] as? Bool == true)
        #expect((parsed["KeepAlive"] as? [String: Any])?["SuccessfulExit"] as? Bool == false)
        #expect(parsed["ThrottleInterval"] as? Int == 30)
        #expect(parsed["ProgramArguments"] as? [String] == ["/opt/nightshift", "schedule", "--file", "/srv/lanes.yml"])
        #expect(plist.contains("A LaunchAgent, not a LaunchDaemon: it starts when the user logs in"))
        #expect(plist.contains("Set the build Mac to log in automatically"))
    }

    @Test("the systemd user unit starts at boot with lingering and does not restart on a refused lock or a bad lanes.yml")
    func systemdRestart() throws {
        let unit = ServiceDefinition(
            executable: "/opt/nightshift", lanesFile: try AbsolutePath(validating: "/srv/lanes.yml"), environmentName: nil,
            workingDirectory: try AbsolutePath(validating: "/srv")
        ).systemdUnit
        #expect(unit.contains("`loginctl enable-linger $USER` makes it start at\n# boot"))
        #expect(unit.contains("\nRestart=on-failure\nRestartSec=30\nRestartPreventExitStatus=1 2\n"))
        #expect(unit.hasSuffix("[Install]\nWantedBy=default.target\n"))
    }

    @Test("service definitions carry today's PATH, quoted as each format needs")
    func serviceEnvironment() throws {
        let service = ServiceDefinition(
            executable: "/opt/nightshift", lanesFile: try AbsolutePath(validating: "/srv/lanes.yml"), environmentName: nil,
            workingDirectory: try AbsolutePath(validating: "/srv"), environment: ["PATH": "/opt/homebrew/bin:/usr/bin", "ODD": "a b$c%d"])
        #expect(
            service.launchdPlist.contains(
                """
                    <key>EnvironmentVariables</key>
                    <dict>
                        <key>ODD</key>
                        <string>a b$c%d</string>
                        <key>PATH</key>
                        <string>/opt/homebrew/bin:/usr/bin</string>
                    </dict>
                    <key>RunAtLoad</key>
                """))
        #expect(
            service.systemdUnit.contains(
                "WorkingDirectory=/srv\nEnvironment=\"ODD=a b$c%%d\"\nEnvironment=PATH=/opt/homebrew/bin:/usr/bin\nExecStart="))
    }
}

@Suite("Lanes file watcher", .temporaryDirectory)
struct FileChangeWatcherTests {
    @Test("a changed lanes file triggers one reload per change, polled on the injected clock")
    func noticesChanges() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lanes.yml"
        try "lanes: {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let clock = ManualClock()
        let reloads = Counter()
        let watcher = FileChangeWatcher(path: path, clock: clock, interval: .seconds(5))
        let task = Task { await watcher.watch { _ = await reloads.increment() } }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        await clock.waitForSleepers(1)
        try "lanes: { nightly: {} }\n".write(toFile: path, atomically: true, encoding: .utf8)
        clock.advance(by: .seconds(5))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        await clock.waitForSleepers(1)
        task.cancel()
        await task.value
        #expect(await reloads.increment() == 2)
    }
}
