import Foundation
import NightshiftKit
import Testing

@Suite("Interrupting nightshift")
struct SignalTests {
    @Test("SIGTERM mid-step: the step's group is stopped, cleanup runs, exit 143, no survivors")
    func sigterm() async throws {
        let directory = try makeTemporaryDirectory()
        try """
            project: { name: Demo }
            lanes:
              long:
                steps:
                  - sh: echo $PPID > nightshift.pid; sleep 300 & echo $! > child.pid; wait
                  - sh: echo never > never.txt
                  - sh: echo cleaned > cleaned.txt
                    always: true
            """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        async let outcome = NightshiftBinary.run(["run", "long"], in: directory)
        let nightshiftPID = try await Self.waitForPID(in: directory + "/nightshift.pid")
        let childPID = try await Self.waitForPID(in: directory + "/child.pid")
        kill(nightshiftPID, SIGTERM)
        let result = try await outcome
        #expect(result.exitCode == 143)
        #expect(FileManager.default.fileExists(atPath: directory + "/cleaned.txt"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/never.txt"))
        #expect(!Self.isAlive(childPID), "the step's background child survived")
    }

    /// Polls for a file the step writes; the step's own timing, bounded, not a semantic sleep.
    static func waitForPID(in path: String) async throws -> pid_t {
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw CancellationError()
    }

    /// Alive and not a zombie (PID 1 here does not reap orphans).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("State:\tZ")
    }
}
