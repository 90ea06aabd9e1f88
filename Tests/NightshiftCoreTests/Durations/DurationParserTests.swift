@testable import NightshiftCore
import Testing

@Suite("Durations")
struct DurationParserTests {
    @Test("units combine, surrounding blanks are ignored, and anything else is refused")
    func parsing() {
        #expect(DurationParser.parse("30m") == .seconds(1_800))
        #expect(DurationParser.parse(" \t1h30m ") == .seconds(5_400))
        #expect(DurationParser.parse("90") == .seconds(90))
        #expect(DurationParser.parse("250ms") == .milliseconds(250))
        #expect(DurationParser.parse("") == nil)
        #expect(DurationParser.parse("   ") == nil)
        #expect(DurationParser.parse("1 h") == nil)
        #expect(DurationParser.parse("10 parsecs") == nil)
        #expect(DurationParser.parse("-5s") == nil)
    }

    @Test("values past Int64 saturate instead of trapping, and the limit is 30 days")
    func saturation() {
        for huge in [
            "9223372036854775807d", "9223372036854775807", "9223372036854775807ms", "99999999999999999999999h", "1d9223372036854775807d",
        ] {
            let duration = DurationParser.parse(huge)
            #expect(duration != nil, "\(huge)")
            #expect(duration.map(DurationParser.isWithinLimit) == false, "\(huge)")
        }
        #expect(DurationParser.parse("30d").map(DurationParser.isWithinLimit) == true)
        #expect(DurationParser.parse("720h1ms").map(DurationParser.isWithinLimit) == false)
        #expect(DurationFormatting.exact(.seconds(Int64.max)) != "")
    }

    @Test("retry waits stop growing at 30 days whatever the back-off")
    func retryWaitsSaturate() {
        let policy = RetryPolicy(times: 100, delay: .seconds(30 * 86_400), backoff: 10)
        #expect(policy.delay(beforeAttempt: 101) == InputLimits.longestDuration)
        #expect(RetryPolicy(times: 3, delay: .seconds(1), backoff: 2).delay(beforeAttempt: 4) == .seconds(4))
    }
}
