import NightshiftCore
import Testing

/// The one duration grammar: the union of what `timeout:`-style keys and `backoff:` accepted
/// before they shared it, so no value that loaded before stops loading.
@Suite("Duration grammar")
struct DurationGrammarTests {
    static let readable: [(String, Duration)] = [
        ("90", .seconds(90)), ("90s", .seconds(90)), ("30m", .seconds(1_800)), ("2h", .seconds(7_200)),
        ("1d", .seconds(86_400)), ("1h30m", .seconds(5_400)), ("1m30s500ms", .milliseconds(90_500)),
        ("500ms", .milliseconds(500)), ("0s", .zero), ("1.5s", .milliseconds(1_500)), ("1.5", .milliseconds(1_500)),
        (".5s", .milliseconds(500)), ("1.5m", .seconds(90)), ("0.25h", .seconds(900)), ("1h0.5m", .seconds(3_630)),
        ("2.5ms", .milliseconds(3)), (" \t1h30m ", .seconds(5_400)), ("1e3", .seconds(1_000)), ("1e3s", .seconds(1_000)),
    ]

    @Test("every spelling either grammar read before reads the same", arguments: readable)
    func reads(_ text: String, _ expected: Duration) throws {
        #expect(DurationParser.parse(text) == expected)
        #expect(try DurationParser.bounded(text) == expected)
    }

    static let unreadable = ["", "  ", "soon", "1 h", "10 parsecs", "-5s", "-1", "1h30", "1.2.3s", ".", "s", "5x", "1h-5m", "nan"]

    @Test("anything else is refused, in the one wording", arguments: unreadable)
    func refuses(_ text: String) {
        #expect(DurationParser.parse(text) == nil)
        #expect(throws: DurationProblem.unreadable) { try DurationParser.bounded(text) }
        #expect("\(DurationProblem.unreadable)" == "must be a duration such as 90s, 30m, 2h or 1h30m")
    }

    @Test(
        "past 30 days is too long, saturating instead of trapping", arguments: ["30d1ms", "721h", "inf", "1e300s", "9223372036854775807d"])
    func tooLong(_ text: String) {
        #expect(throws: DurationProblem.tooLong) { try DurationParser.bounded(text) }
        #expect("\(DurationProblem.tooLong)" == "must be at most 30d")
    }

    @Test("each variant of the one formatter")
    func formatting() {
        #expect(DurationFormatting.exact(.seconds(5_400)) == "1h30m")
        #expect(DurationFormatting.exact(.milliseconds(90_250)) == "1m30s250ms")
        #expect(DurationFormatting.exact(.zero) == "0s")
        #expect(DurationFormatting.short(.seconds(125)) == "2m05s")
        #expect(DurationFormatting.wait(.milliseconds(2_400)) == "2.4s")
        #expect(DurationFormatting.wait(.seconds(12)) == "12s")
        for text in ["1h30m", "1m30s", "250ms", "1d2h3m4s5ms"] {
            #expect(DurationParser.parse(text).map(DurationFormatting.exact) == text)
        }
    }
}
