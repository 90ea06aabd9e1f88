public import Testing

/// Waits until `condition` holds: the one way a test waits for what another task, thread or
/// process does. It checks between yields first (work on the cooperative pool, such as a lane
/// running against a `ManualClock`, moves on when this task yields), then once a millisecond (a
/// thread or a real process runs at its own pace), or every `interval` when one is given (a
/// real process sampled while it runs). The bound is a safety net, not a timing: past `timeout`
/// of real time it records an issue saying what it waited for and returns false, so a condition
/// that never comes fails the test instead of hanging it, and never passes silently. It is
/// generous because a whole `swift test` on two loaded cores starves a test's tasks for over a
/// minute (measured: a lane waited 60 s for its second step, which alone takes milliseconds).
@discardableResult
public func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(300), checkingEvery interval: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var checks = 0
    while try await !condition() {
        guard clock.now < deadline, !Task.isCancelled else {
            Issue.record("gave up after \(timeout) waiting until \(what())", sourceLocation: sourceLocation)
            return false
        }
        checks += 1
        if let interval {
            try? await Task.sleep(for: interval)
        } else if checks < 1_000 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    return true
}
