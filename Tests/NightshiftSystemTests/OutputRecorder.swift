import Foundation
@testable import NightshiftCore
import NightshiftSystem

/// Collects what a real child prints, per channel, and lets a test wait for a marker line
/// without polling the wall clock.
final class OutputRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var standardOutput: [UInt8] = []
    private var standardError: [UInt8] = []
    private let updates: AsyncStream<Void>
    private let notify: AsyncStream<Void>.Continuation

    init() {
        (updates, notify) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    var onOutput: @Sendable (OutputChannel, [UInt8]) async -> Void {
        { [self] channel, bytes in
            lock.withLock {
                switch channel {
                case .standardOutput: standardOutput += bytes
                case .standardError: standardError += bytes
                }
            }
            notify.yield()
        }
    }

    var stdout: String { lock.withLock { String(decoding: standardOutput, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: standardError, as: UTF8.self) } }

    /// Returns once stdout contains `marker` (the child's own pace, not a clock).
    func waitForStandardOutput(containing marker: String) async {
        if stdout.contains(marker) { return }
        for await _ in updates where stdout.contains(marker) { return }
    }

    /// The pids the child printed on lines of the form `pid=<n>`.
    var printedPIDs: [pid_t] {
        stdout.split(separator: "\n").compactMap { line in
            line.hasPrefix("pid=") ? pid_t(line.dropFirst(4)) : nil
        }
    }
}
