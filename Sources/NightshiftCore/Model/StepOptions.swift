/// The options any step accepts. Parsed and validated by the loader; the runner gives them meaning.
public struct StepOptions: Sendable, Hashable {
    public var name: String?
    public var environment: [String: Template]
    /// Kill the step's process group when it runs longer than this.
    public var timeout: Duration?
    /// Kill it when it prints nothing for this long.
    public var noOutputTimeout: Duration?
    public var retry: RetryPolicy
    /// Run the step only when this holds.
    public var condition: Condition?
    /// Run even after an earlier failure, timeout or interrupt (cleanup).
    public var always: Bool
    /// A failure is reported but does not fail the lane.
    public var continueOnError: Bool
    /// `outputs: [path…]` of an `sh:` step: the files it makes, which a resumed run may reuse.
    /// nil when not written: such a step is never skipped on resume (`StepKind.products`).
    public var outputs: [Template]?
    /// `options:` of a `lane:` call: the called lane's options, by name (issue #19).
    public var laneOptions: [String: Template] = [:]
    /// `locks:`: named locks held while the step runs, shared with other nightshift processes.
    public var locks: [String] = []

    public init(
        name: String? = nil, environment: [String: Template] = [:], timeout: Duration? = nil,
        noOutputTimeout: Duration? = nil, retry: RetryPolicy = .none, condition: Condition? = nil,
        always: Bool = false, continueOnError: Bool = false, outputs: [Template]? = nil
    ) {
        self.name = name
        self.environment = environment
        self.timeout = timeout
        self.noOutputTimeout = noOutputTimeout
        self.retry = retry
        self.condition = condition
        self.always = always
        self.continueOnError = continueOnError
        self.outputs = outputs
    }
}

/// `retry: N` or `retry: { times: N, delay: 10s, backoff: 2 }`.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts after the first.
    public var times: Int
    public var delay: Duration
    /// Each wait is the previous one times this.
    public var backoff: Double

    public init(times: Int, delay: Duration = .zero, backoff: Double = 1) {
        self.times = times
        self.delay = delay
        self.backoff = backoff
    }

    public static let none = RetryPolicy(times: 0)

    /// The wait before attempt `attempt` (2 for the first retry), at most
    /// `InputLimits.longestDuration`: a long back-off series would otherwise overflow `Duration`.
    public func delay(beforeAttempt attempt: Int) -> Duration {
        guard attempt > 1 else { return .zero }
        var wait = min(delay, InputLimits.longestDuration)
        for _ in 0..<max(0, attempt - 2) where wait < InputLimits.longestDuration {
            wait = wait * backoff
        }
        return min(wait, InputLimits.longestDuration)
    }
}
