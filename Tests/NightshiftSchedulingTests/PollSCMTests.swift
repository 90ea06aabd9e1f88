import Foundation
@testable import NightshiftCore
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Poll-SCM lanes (when: changed)", .temporaryDirectory)
struct PollSCMTests {
    /// What the probe asks git for one poll of a branch that tracks an upstream.
    static let upstreamPoll = [
        ["git", "fetch", "--quiet"], ["git", "symbolic-ref", "--quiet", "HEAD"],
        ["git", "for-each-ref", "--format=%(upstream)", "refs/heads/main"], ["git", "rev-parse", "@{upstream}"],
    ]

    static func onBranch(_ shell: ScriptedShellRunner, upstream: String) async {
        await shell.on(["git", "fetch"], .output([], .exited(0)))
        await shell.on(["git", "symbolic-ref"], .output([(.standardOutput, "refs/heads/main\n")], .exited(0)))
        await shell.on(["git", "for-each-ref"], .output([(.standardOutput, upstream)], .exited(0)))
    }

    @Test("a changed lane runs only when the upstream has a commit other than the last successful run's, read in the repository")
    func runsOnlyOnNewCommits() async throws {
        let shell = ScriptedShellRunner()
        await Self.onBranch(shell, upstream: "refs/remotes/origin/main\n")
        await shell.on(
            ["git", "rev-parse", "@{upstream}"],
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
        // A fetch never moves HEAD: the upstream is what shows the new commits.
        #expect(await shell.argvs == Array(repeating: Self.upstreamPoll, count: 3).flatMap { $0 })
        #expect(await shell.commands.allSatisfy { $0.workingDirectory == "/repo" })
        #expect(harness.output.standardError.isEmpty)
    }

    @Test(
        "a branch without an upstream compares HEAD, and the log says it will not see new commits until a pull",
        arguments: [
            ("refs/heads/main\n", 0, "branch main has no upstream"), ("", 1, "HEAD is detached"),
        ])
    func noUpstream(head: String, exitCode: Int32, reason: String) async throws {
        let shell = ScriptedShellRunner()
        await shell.on(["git", "fetch"], .output([], .exited(0)))
        await shell.on(["git", "symbolic-ref"], .output([(.standardOutput, head)], .exited(exitCode)))
        await shell.on(["git", "for-each-ref"], .output([(.standardOutput, "\n")], .exited(0)))
        await shell.on(["git", "rev-parse", "HEAD"], .output([(.standardOutput, "ddd444\n")], .exited(0)))
        let probe = GitRevisionProbe(shell: shell, workingDirectory: "/repo")
        let lane = try scheduledLane("poll", "0 * * * *", trigger: .changed)
        let harness = SchedulerTests.Harness(lanes: [lane], start: "2026-02-02T09:30:00Z", revisions: probe)
        let task = harness.start()
        await harness.advance(to: "2026-02-02T10:00:00Z")
        await harness.history.waitUntilSettled(1)
        await harness.finish(task)
        #expect(await harness.history.all.map(\.revision) == ["ddd444"])
        #expect(
            harness.output.standardError.contains(
                "poll: \(reason): comparing HEAD, which a fetch does not move (new commits are seen only once someone pulls)"))
        let upstreamLookup = exitCode == 0 ? [["git", "for-each-ref", "--format=%(upstream)", "refs/heads/main"]] : []
        #expect(
            await shell.argvs == [["git", "fetch", "--quiet"], ["git", "symbolic-ref", "--quiet", "HEAD"]] + upstreamLookup
                + [["git", "rev-parse", "HEAD"]])
    }

    @Test("a configured remote and branch are read with git ls-remote")
    func lsRemote() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(["git", "ls-remote", "origin", "main"], .output([(.standardOutput, "ccc333\trefs/heads/main\n")], .exited(0)))
        let probe = GitRevisionProbe(shell: shell, workingDirectory: nil)
        #expect(try await probe.currentRevision(remote: "origin", branch: "main") == RevisionReading(commit: "ccc333"))
        #expect(await shell.argvs == [["git", "ls-remote", "origin", "main"]])
    }

    @Test("a git failure is an error naming the command")
    func gitFailure() async {
        let shell = ScriptedShellRunner()
        await shell.on(["git", "fetch"], .output([], .exited(128)))
        let probe = GitRevisionProbe(shell: shell, workingDirectory: nil)
        await #expect(throws: RevisionProbeError.gitFailed(arguments: ["fetch", "--quiet"], .exited(128))) {
            try await probe.currentRevision(remote: nil, branch: nil)
        }
        let outside = ScriptedShellRunner()
        await outside.on(["git", "fetch"], .output([], .exited(0)))
        await outside.on(["git", "symbolic-ref"], .output([(.standardError, "fatal: not a git repository\n")], .exited(128)))
        await #expect(throws: RevisionProbeError.gitFailed(arguments: ["symbolic-ref", "--quiet", "HEAD"], .exited(128))) {
            try await GitRevisionProbe(shell: outside, workingDirectory: nil).currentRevision(remote: nil, branch: nil)
        }
    }

    @Test(
        "with real git: a commit pushed to the remote is seen after the fetch, before anyone pulls",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git")))
    func realRepository() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shell = ProcessShellRunner(environment: [
            "PATH": "/usr/bin:/bin", "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "n", "GIT_AUTHOR_EMAIL": "n@x", "GIT_COMMITTER_NAME": "n",
            "GIT_COMMITTER_EMAIL": "n@x",
        ])
        func git(_ arguments: String..., in directory: String) async throws -> String {
            let result = try await shell.capture(ShellCommand("git", arguments, workingDirectory: directory))
            try #require(result.succeeded, "git \(arguments): \(result.failureDetail)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try await git("init", "--quiet", "--bare", "--initial-branch=main", "remote.git", in: folder)
        _ = try await git("clone", "--quiet", "remote.git", "work", in: folder)
        _ = try await git("symbolic-ref", "HEAD", "refs/heads/main", in: folder + "/work")
        _ = try await git("commit", "--quiet", "--allow-empty", "-m", "first", in: folder + "/work")
        _ = try await git("push", "--quiet", "origin", "main", in: folder + "/work")
        _ = try await git("clone", "--quiet", "remote.git", "daemon", in: folder)
        let probe = GitRevisionProbe(shell: shell, workingDirectory: folder + "/daemon")
        let first = try await probe.currentRevision(remote: nil, branch: nil)
        #expect(first == RevisionReading(commit: try await git("rev-parse", "HEAD", in: folder + "/work")))
        _ = try await git("commit", "--quiet", "--allow-empty", "-m", "second", in: folder + "/work")
        _ = try await git("push", "--quiet", "origin", "main", in: folder + "/work")
        let second = try await probe.currentRevision(remote: nil, branch: nil)
        #expect(second == RevisionReading(commit: try await git("rev-parse", "HEAD", in: folder + "/work")))
        #expect(second != first)
        #expect(try await git("rev-parse", "HEAD", in: folder + "/daemon") == first.commit, "the daemon's checkout was not pulled")
    }
}
