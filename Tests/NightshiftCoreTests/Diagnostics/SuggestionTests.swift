import Foundation
@testable import NightshiftCore
import Testing

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    @Test("the closest candidate within a third of the word's length, ties by name")
    func closest() {
        #expect(Suggestion.closest(to: "stpes", among: ["steps", "env", "timeout"]) == "steps")
        #expect(Suggestion.closest(to: "Europe/Berln", among: ["Europe/Berlin", "Europe/Bern"]) == "Europe/Berlin")
        #expect(Suggestion.closest(to: "zzz", among: ["steps"]) == nil)
    }

    @Test("candidates whose length is out of reach are never measured")
    func lengthFilter() {
        var measured: [String] = []
        let result = Suggestion.closest(to: "steps", among: ["stepz", "s", "a-much-longer-key", "stpes"]) { a, b in
            measured.append(String(b))
            return Suggestion.distance(a, b)
        }
        #expect(result == "stepz")
        #expect(measured == ["stepz", "stpes"])
    }

    @Test("a 50 KB time zone is measured against none of the 600 zones")
    func hugeWord() {
        var measurements = 0
        let huge = String(repeating: "Europe/Berlin", count: 4_000)
        #expect(
            Suggestion.closest(to: huge, among: TimeZone.knownTimeZoneIdentifiers) { a, b in
                measurements += 1
                return Suggestion.distance(a, b)
            } == nil)
        #expect(measurements == 0)
        let padded = String(repeating: "x", count: Suggestion.longestWord + 1)
        #expect(
            Suggestion.closest(to: padded, among: [padded + "y"]) { _, _ in
                measurements += 1; return 0
            } == nil)
        #expect(measurements == 0)
    }
}
