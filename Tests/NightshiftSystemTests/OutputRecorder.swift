import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Collects what a real child prints, per channel, and lets a test wait for a marker line.
final class OutputRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var standardOutput: [UInt8] = []
    private var standardError: [UInt8] = []
    var onOutput: @Sendable (OutputChannel, [UInt8]) async -> Void {
        { [self] channel, bytes in
            lock.withLock {
                switch channel {
                case .standardOutput: standardOutput += bytes
                case .standardError: standardError += bytes
                }
            }
        }
    }

    var stdout: String { lock.withLock { String(decoding: standardOutput, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: standardError, as: UTF8.self) } }

    /// Returns once stdout contains `marker` (`waitUntil`: the child's own pace, a real process's).
    func waitForStandardOutput(containing marker: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("the child prints '\(marker)'", sourceLocation: sourceLocation) { stdout.contains(marker) }
    }

    /// The pids the child printed on lines of the form `pid=<n>`.
    var printedPIDs: [pid_t] {
        stdout.split(separator: "\n").compactMap { line in
            line.hasPrefix("pid=") ? pid_t(line.dropFirst(4)) : nil
        }
    }
}
