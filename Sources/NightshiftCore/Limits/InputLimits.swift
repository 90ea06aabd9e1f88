/// Upper bounds on the numbers and nesting a lanes file (or a command line) may hold. Checked at
/// load time, so every later conversion and multiplication stays far from overflow.
public enum InputLimits {
    /// Any duration: timeouts, retry delays, `catch_up`, `--grace-period`.
    public static let longestDuration: Duration = .seconds(30 * 86_400)
    /// `retry: N` and `retry: { times: N }`.
    public static let mostRetries = 100
    /// `retry: { backoff: F }`: each wait is at most ten times the previous one.
    public static let backoffFactors: ClosedRange<Double> = 1...10
    /// Parentheses and `!` in an `if:`, `${…:-…}` defaults inside each other, and `lane:` calls
    /// inside called lanes: parsing, running and analysing each recurse once per level.
    public static let deepestNesting = 64
    /// `&&` and `||` in one `if:`: a chain of them is a tree as deep as it is long, and
    /// evaluating and freeing it recurses once per operator.
    public static let mostConditionOperators = 256
    /// An option's value, in UTF-8 bytes: checking one against a `pattern:` takes time linear in
    /// it (`OptionPattern`), and Linux refuses to start a process with one environment string
    /// over 128 KiB anyway (MAX_ARG_STRLEN), which is where a step receives it.
    public static let longestOptionValue = 65_536
}
