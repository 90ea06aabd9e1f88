import Foundation
import NightshiftTestSupport
import Testing

/// Descendants that leave their step's process group (`setsid`, a `set -m` job) escape the group
/// kill. On Linux `nightshift run` is a child subreaper and ends them when the step ends; macOS
/// has no subreaper, and there they are re-parented to launchd and outlive the lane (README,
/// Platforms).
@Suite("Descendants that leave the step's process group", .temporaryDirectory)
struct OrphanedDescendantsTests {
    /// Each escaping step writes its sleep's pid; the next step, still under the same nightshift,
    /// fails if that pid is still there, alive or a zombie (`ps` lists a zombie until it is reaped).
    static let lanes = """
        lanes:
          escape:
            steps:
              - sh: setsid sleep 300 & echo $! > setsid.pid
              - sh: bash -c 'set -m; sleep 300 & echo $! > job.pid'
              - sh: |
                  for name in setsid job; do
                    pid=$(cat $name.pid)
                    if ps -p $pid > /dev/null; then echo "$name left: $(ps -o pid=,stat=,ppid=,comm= -p $pid)"; exit 1; fi
                  done
        """

    #if os(Linux)
    static let hasSubreaper = true
    #else
    static let hasSubreaper = false
    #endif

    @Test(
        "on Linux, a setsid or set -m descendant is ended and reaped when its step ends", .timeLimit(.minutes(1)),
        .enabled(
            if: hasSubreaper,
            "macOS has no child subreaper: such a descendant is re-parented to launchd and outlives the lane (README, Platforms)"))
    func endedOnLinux() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "escape"], in: directory)
        let pids = ["setsid", "job"].compactMap { name in
            (try? String(contentsOfFile: "\(directory)/\(name).pid", encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        // Whatever the outcome, nothing is left running behind the test.
        defer { for pid in pids { kill(pid, SIGKILL) } }
        #expect(pids.count == 2)
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        for pid in pids { #expect(!SignalTests.isAlive(pid), "pid \(pid) outlived the lane") }
    }
}
