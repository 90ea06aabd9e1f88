import Foundation
import NightshiftKit
import NightshiftTestSupport
import Testing

@Suite("Poll-SCM lanes (when: changed)")
struct PollSCMTests {
    @Test("a changed lane runs only when git reports a commit other than the last successful run's")
    func runsOnlyOnNewCommits() async throws {
        let shell = ScriptedShellRunner(fallback: nil)
        await shell.on(["git", "fetch"], .output([], .exited(0)))
        await shell.on(["git", "rev-parse", "HEAD"],
                       .output([(.standardOutput, "aaa111\n")], .exited(0)),
                       .output([(.standardOutput, "aaa111\n")], .exited(0)),
                       .output([(.standardOutput, "bbb222\n")], .exited(0)))
        let probe = GitRevisionProbe(shell: shell, workingDirectory: "/repo")
        let lane = try scheduledLane("poll", "0 * * * *", trigger: .changed)
        let harness = SchedulerTests.Harness(lanes: [lane], start: "2026-02-02T09:30:00Z", revisions: probe)
        let task = harness.start()
        for (hour, launches) in [("10", 1), ("11", 1), ("12", 2)] {
            await harness.advance(to: "2026-02-02T\(hour):00:00Z")
            await harness.history.waitUntilSettled(Int(hour)! - 9)
            #expect(await harness.launcher.launches.count == launches)
        }
        await harness.finish(task)
        #expect(await harness.history.statuses("poll") == [.succeeded, .unchanged, .succeeded])
        #expect(await shell.commands.allSatisfy { $0.workingDirectory == "/repo" })
    }

    @Test("a configured remote and branch are read with git ls-remote")
    func lsRemote() async throws {
        let shell = ScriptedShellRunner(fallback: nil)
        await shell.on(["git", "ls-remote", "origin", "main"], .output([(.standardOutput, "ccc333\trefs/heads/main\n")], .exited(0)))
        let probe = GitRevisionProbe(shell: shell, workingDirectory: nil)
        #expect(try await probe.currentRevision(remote: "origin", branch: "main") == "ccc333")
        #expect(await shell.argvs == [["git", "ls-remote", "origin", "main"]])
    }

    @Test("a git failure is an error naming the command")
    func gitFailure() async {
        let shell = ScriptedShellRunner(fallback: nil)
        await shell.on(["git", "fetch"], .output([], .exited(128)))
        let probe = GitRevisionProbe(shell: shell, workingDirectory: nil)
        await #expect(throws: RevisionProbeError.gitFailed(arguments: ["fetch", "--quiet"], .exited(128))) {
            try await probe.currentRevision(remote: nil, branch: nil)
        }
    }
}
