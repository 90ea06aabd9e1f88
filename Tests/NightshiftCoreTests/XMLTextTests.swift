import NightshiftCore
import NightshiftTestSupport
import Testing

/// XML 1.0 text as nightshift writes it: escaped on its bytes, and the same as escaping each
/// scalar would be.
@Suite("XMLText")
struct XMLTextTests {
    /// The rule, one scalar at a time: the five specials escaped, tab, line feed and carriage
    /// return kept, the other C0 controls and U+FFFE, U+FFFF dropped.
    static func expected(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    @Test("specials, controls, non-characters and multi-byte text, at the start, the middle and the end")
    func shapes() {
        let texts = [
            "", "plain", "a & b", "<x y=\"1\" z='2'>", "\u{1B}[2Jtitle\u{7}", "\u{0}", "tab\there\nand\r",
            "\u{FFFE}\u{FFFF}\u{FFFD}\u{FFEF}", "é→🙂\u{FFFF}", "&", "x\u{1F}", "\u{EFBF}", "ﾾ￾",
            String(repeating: "m", count: 70_000) + "<",
        ]
        for text in texts { #expect(XMLText.escaped(text) == Self.expected(text), "\(text.debugDescription.prefix(60))") }
    }

    @Test("10,000 random texts of specials, controls and the bytes around U+FFFF escape as the rule says")
    func random() {
        let alphabet: [Unicode.Scalar] = [
            "a", "&", "<", ">", "\"", "'", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}",
            "\u{FFBE}", "🙂",
        ]
        var generator = SplitMix64(seed: 38)
        for _ in 0..<10_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            #expect(XMLText.escaped(text) == Self.expected(text), "\(text.debugDescription)")
        }
    }

    @Test("text that needs nothing comes back as it was")
    func unchanged() {
        let text = "BrewerTests/LedgerTests/testRounding() é 🙂"
        #expect(XMLText.escaped(text) == text)
    }
}
