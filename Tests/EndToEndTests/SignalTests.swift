import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

@Suite("Interrupting nightshift", .temporaryDirectory)
struct SignalTests {
    @Test(
        "SIGINT, SIGTERM or SIGHUP mid-step: the step's group gets that signal, cleanup runs, exit 130 / 143 / 129, no survivors",
        arguments: [(SIGINT, "INT", Int32(130)), (SIGTERM, "TERM", Int32(143)), (SIGHUP, "HUP", Int32(129))])
    func interrupted(signal: Int32, name: String, exitCode: Int32) async throws {
        let directory = try makeTemporaryDirectory()
        try """
        project: { name: Demo }
        lanes:
          long:
            steps:
              - sh: |
                  trap 'echo INT > got.txt; exit 130' INT
                  trap 'echo TERM > got.txt; exit 143' TERM
                  trap 'echo HUP > got.txt; exit 129' HUP
                  sleep 300 & echo $! > child.pid
                  echo $PPID > nightshift.pid
                  wait
              - sh: echo never > never.txt
              - sh: echo cleaned > cleaned.txt
                always: true
        """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        async let outcome = NightshiftBinary.run(["run", "long", "--json", "report.json"], in: directory)
        let nightshiftPID = try await Self.waitForPID(in: directory + "/nightshift.pid")
        let childPID = try await Self.waitForPID(in: directory + "/child.pid")
        kill(nightshiftPID, signal)
        let result = try await outcome
        #expect(result.exitCode == exitCode)
        #expect(try String(contentsOfFile: directory + "/got.txt", encoding: .utf8) == name + "\n")
        #expect(FileManager.default.fileExists(atPath: directory + "/cleaned.txt"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/never.txt"))
        #expect(!Self.isAlive(childPID), "the step's background child survived")
        let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
        #expect(report.contains("\"status\" : \"interrupted\""))
    }

    /// Waits (`waitUntil`) for the pid in a file the step writes: a real process's pace, which
    /// only real time brings.
    static func waitForPID(in path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> pid_t {
        var pid: pid_t?
        await waitUntil("a pid in \(path)", checkingEvery: .milliseconds(25), sourceLocation: sourceLocation) {
            pid = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        guard let pid else { throw CancellationError() }
        return pid
    }

    /// Alive and not a zombie (PID 1 in a Linux container may not reap orphans; on macOS
    /// launchd reaps them, so a process that exists is alive).
    static func isAlive(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("State:\tZ")
        #else
        return kill(pid, 0) == 0
        #endif
    }
}
