internal import Foundation
public import NightshiftSystem

/// An `OutputSink` that keeps what was written, for assertions.
public final class CapturingOutputSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = ""
    private var stderr = ""
    public let isInteractive: Bool

    public init(isInteractive: Bool = false) {
        self.isInteractive = isInteractive
    }

    public func write(_ text: String, to channel: OutputChannel) {
        lock.withLock {
            switch channel {
            case .standardOutput: stdout += text
            case .standardError: stderr += text
            }
        }
    }

    public var standardOutput: String { lock.withLock { stdout } }
    public var standardError: String { lock.withLock { stderr } }
}
