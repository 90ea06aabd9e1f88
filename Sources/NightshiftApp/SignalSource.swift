/// Where the signals that stop `run` and the scheduler daemon come from: the process's own
/// (`SignalTrap`) in the executable, a stream the test feeds in process.
public protocol SignalSource: Sendable {
    /// Starts catching `signals`; they no longer have their default action until `cancel`.
    func trap(_ signals: [Int32]) -> TrappedSignals
}

/// Signals being caught, as they arrive.
public struct TrappedSignals: Sendable {
    public let signals: AsyncStream<Int32>
    /// Gives the signals their default action back and finishes `signals`.
    public let cancel: @Sendable () -> Void

    public init(signals: AsyncStream<Int32>, cancel: @escaping @Sendable () -> Void) {
        self.signals = signals
        self.cancel = cancel
    }
}
