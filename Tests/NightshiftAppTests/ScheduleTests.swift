import Foundation
@testable import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("schedule, in process")
struct ScheduleTests {
    static let yearly = "project: { name: Demo }\nlanes:\n  yearly:\n    schedule: 0 0 1 1 *\n    steps: [{ sh: make }]\n"

    @Test("--simulate: every firing in the window, in time order; exit 0")
    func simulate() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        let status = await ScheduleLanes(
            global: LanesFileOptions(), mode: .simulate(from: "2026-01-01T00:00:00Z", to: "2028-01-01T00:00:00Z")
        )
        .execute(in: app.environment())
        #expect(status == 0)
        #expect(
            app.standardOutput == "2026-01-01T00:00:00+00:00 yearly\n2027-01-01T00:00:00+00:00 yearly\n2028-01-01T00:00:00+00:00 yearly\n")
    }

    @Test("--simulate: --to before --from, or an unreadable time, is exit 2")
    func simulateBadWindow() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        #expect(
            await ScheduleLanes(global: LanesFileOptions(), mode: .simulate(from: "2027-01-01", to: "2026-01-01")).execute(
                in: app.environment()) == 2)
        #expect(app.standardError == "error: --to is before --from\n")
        let other = try AppHarness(lanes: Self.yearly)
        #expect(
            await ScheduleLanes(global: LanesFileOptions(), mode: .simulate(from: "2026", to: "2027-01-01")).execute(
                in: other.environment()) == 2)
        #expect(other.standardError.hasPrefix("error: cannot read the time '2026'"))
    }

    @Test("--print-systemd and --print-launchd: this executable, the absolute lanes file, today's PATH and TZ")
    func serviceFiles() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        let systemd = await ScheduleLanes(global: LanesFileOptions(file: "ci/../lanes.yml", env: "ci"), mode: .printSystemd)
            .execute(in: app.environment(["PATH": "/opt/bin:/usr/bin"]))
        #expect(systemd == 0)
        #expect(app.standardOutput.contains("/usr/local/bin/nightshift"))
        #expect(app.standardOutput.contains(app.directory + "/lanes.yml"))
        #expect(app.standardOutput.contains("/opt/bin:/usr/bin"))
        let other = try AppHarness(lanes: Self.yearly)
        #expect(await ScheduleLanes(global: LanesFileOptions(), mode: .printLaunchd).execute(in: other.environment()) == 0)
        #expect(other.standardOutput.contains("<plist"))
    }

    @Test("poll-SCM reads the repository of the lanes file, whatever the daemon's working directory")
    func pollSCMFolder() throws {
        let app = try AppHarness()
        func folder(_ file: String) throws -> String {
            try CommandContext(options: LanesFileOptions(file: file), environment: app.environment()).lanesFileFolder.string
        }
        #expect(try folder("ci/../app/lanes.yml") == app.directory + "/app")
        #expect(try folder("/srv/repo/lanes.yml") == "/srv/repo")
        #expect(try folder("lanes.yml") == app.directory)
    }

    @Test("the daemon runs until SIGTERM, then exits 0")
    func daemonStops() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        let task = Task {
            await ScheduleLanes(global: LanesFileOptions(), mode: .daemon(gracePeriod: .seconds(1))).execute(in: app.environment())
        }
        await waitUntil("the daemon traps signals and sleeps") { app.signals.trapCount == 1 && app.clock.sleeperCount > 0 }
        app.signals.send(Signals.terminate)
        #expect(await task.value == 0)
        #expect(FileManager.default.fileExists(atPath: app.directory + "/.nightshift/history.sqlite"))
    }

    @Test("the daemon fires a due lane as `nightshift run LANE` through the shell and records it")
    func daemonFires() async throws {
        let app = try AppHarness(lanes: "project: { name: Demo }\nlanes:\n  often:\n    schedule: '* * * * *'\n    steps: [{ sh: make }]\n")
        await app.shell.on(["/usr/local/bin/nightshift", "run", "often"], .output([(.standardOutput, "ran\n")], .exited(0)))
        let task = Task {
            await ScheduleLanes(global: LanesFileOptions(), mode: .daemon(gracePeriod: .seconds(1))).execute(in: app.environment())
        }
        await waitUntil("the daemon traps signals") { app.signals.trapCount == 1 }
        // A minute at a time until the daemon, asleep until the next minute, fires it.
        await waitUntil("the daemon fires the lane") {
            app.clock.advance(by: .seconds(60))
            return await !app.shell.commands.isEmpty
        }
        app.signals.send(Signals.terminate)
        // A lane still in flight gets the grace period, which passes on the manual clock.
        let stopped = StopFlag()
        let exit = Task {
            let status = await task.value
            await stopped.set()
            return status
        }
        await waitUntil("the daemon stops within its grace period") {
            app.clock.advance(by: .seconds(1))
            return await stopped.isSet
        }
        #expect(await exit.value == 0)
        let launched = try #require(await app.shell.commands.first)
        #expect(launched.argv == ["/usr/local/bin/nightshift", "run", "often", "--file", "lanes.yml"])
        #expect(launched.environment["NIGHTSHIFT_LANE_LOCK"] == app.directory + "/.nightshift/locks/often.lock")
        #expect(app.standardOutput.contains("often"))
    }

    @Test("the daemon: another daemon holding the lanes file's lock is exit 1")
    func daemonLockHeld() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        let held = try SchedulerLock(
            lanesFile: try AbsolutePath(validating: app.directory + "/lanes.yml"),
            identityFolder: app.directory + "/.nightshift/scheduler-locks")
        let status = await ScheduleLanes(global: LanesFileOptions(), mode: .daemon(gracePeriod: .seconds(1))).execute(in: app.environment())
        withExtendedLifetime(held) {}
        #expect(status == 1)
        #expect(app.standardError.hasPrefix("error: "))
    }

    @Test("the daemon: a run history that cannot be opened is exit 1")
    func daemonHistoryUnopenable() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        try FileManager.default.createDirectory(atPath: app.directory + "/.nightshift/history.sqlite", withIntermediateDirectories: true)
        let status = await ScheduleLanes(global: LanesFileOptions(), mode: .daemon(gracePeriod: .seconds(1))).execute(in: app.environment())
        #expect(status == 1)
        #expect(app.standardError.hasPrefix("error: "))
    }

    @Test("the daemon: a missing .env file or an invalid lanes.yml is exit 2 before it starts")
    func daemonUsage() async throws {
        let app = try AppHarness(lanes: Self.yearly)
        #expect(
            await ScheduleLanes(global: LanesFileOptions(env: "gone"), mode: .daemon(gracePeriod: .seconds(1))).execute(
                in: app.environment()) == 2)
        #expect(app.standardError == ".env.gone: error: cannot read .env.gone: no such file\n")
        let invalid = try AppHarness(lanes: Fixtures.invalid)
        #expect(
            await ScheduleLanes(global: LanesFileOptions(), mode: .daemon(gracePeriod: .seconds(1))).execute(in: invalid.environment()) == 2
        )
        #expect(invalid.signals.trapCount == 0)
    }
}

/// Set once the daemon's task has returned, for a wait that moves the manual clock meanwhile.
private actor StopFlag {
    private(set) var isSet = false
    func set() { isSet = true }
}
