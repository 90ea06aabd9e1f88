import Foundation
@testable import NightshiftTesting
import NightshiftTestSupport
import Testing

/// `swift test --filter` takes a regular expression: a test's name goes in escaped, byte by byte,
/// and must then match itself and nothing it is a prefix of.
@Suite("swift test filters: names escaped for the regular expression")
struct SwiftPMFilterEscapingTests {
    /// The rule by characters the byte walk replaced.
    private func byCharacters(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    @Test("10,000 seeded names with every metacharacter, accents and emoji: as the rule by characters, and each matches itself")
    func seeded() throws {
        var random = SplitMix64(seed: 20_261_129)
        let alphabet = Array("\\^$.|?*+()[]{}/-_ aZ9é\u{301}🧪`") + ["\u{1F469}\u{200D}\u{1F4BB}"]
        for _ in 0..<10_000 {
            let name = String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let escaped = SwiftPMTestCommands.escaped(name)
            #expect(escaped == byCharacters(name), "\(name)")
            let whole = try NSRegularExpression(pattern: "^" + escaped + "$")
            let range = NSRange(name.startIndex..., in: name)
            #expect(whole.firstMatch(in: name, range: range)?.range == range, "\(name)")
        }
    }
}
