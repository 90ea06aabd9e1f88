public import Foundation

/// The real clock. Wall-clock waits sleep in slices and re-read the time, so a machine that was
/// suspended, or a clock that NTP stepped, does not make a deadline late by the length of the gap.
public struct SystemClock: WallClock {
    public var maximumSlice: Duration

    public init(maximumSlice: Duration = .seconds(30)) {
        self.maximumSlice = maximumSlice
    }

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }

    public func sleep(until date: Date) async throws {
        while true {
            let remaining = date.timeIntervalSince(Date())
            if remaining <= 0 { return }
            let slice = min(Duration.milliseconds(Int64(remaining * 1000) + 1), maximumSlice)
            try await ContinuousClock().sleep(for: slice)
        }
    }
}
