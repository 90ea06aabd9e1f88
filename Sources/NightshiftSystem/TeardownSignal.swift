import Foundation

/// The signal a step's process group receives first when the step is cancelled.
///
/// A timeout cancels the step and the group gets SIGTERM. When nightshift itself is interrupted,
/// the composition root records the signal it received here *before* cancelling the lane, so the
/// step sees what a user or Jenkins sent: SIGINT for Ctrl-C (tools such as `xcodebuild` print a
/// summary on SIGINT), SIGTERM for Jenkins' "Abort". SIGKILL follows after the grace period
/// either way. Once recorded, the signal stays: every step torn down afterwards gets it too.
public final class TeardownSignal: Sendable {
    /// Starts with SIGTERM, what a timeout sends.
    private let recorded = LockedValue(SIGTERM)

    public init() {}

    /// Records the signal nightshift received, to be forwarded to the running step's group.
    public func forward(_ signal: Int32) {
        recorded.withLock { $0 = signal }
    }

    public var current: Int32 {
        recorded.withLock { $0 }
    }
}
