import Testing
@testable import NightshiftKit

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
}
