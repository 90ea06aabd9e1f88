/// Waiting for processes to end without reaping them: `waitid(WNOWAIT)` cannot wait with a
/// timeout, and a thread blocked in it per process would cost more than polling.
enum ExitPolling {
    /// Polls `ended` until it holds or `limit` passes, pausing 200 µs at first (most processes
    /// end at once), doubling up to 20 ms.
    /// - Returns: whether `ended` held in time.
    static func until(within limit: Duration, _ ended: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var pause = Duration.microseconds(200)
        while !ended() {
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
        return true
    }
}
