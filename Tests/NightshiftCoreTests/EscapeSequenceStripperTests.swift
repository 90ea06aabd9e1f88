import Foundation
import NightshiftCore
import Testing

@Suite("EscapeSequenceStripper")
struct EscapeSequenceStripperTests {
    /// Strips `chunks` as one stream, in that many calls.
    private func strip(_ chunks: [[UInt8]]) -> [UInt8] {
        var stripper = EscapeSequenceStripper()
        return chunks.flatMap { stripper.strip($0) }
    }

    private func strip(_ text: String) -> String {
        String(decoding: strip([Array(text.utf8)]), as: UTF8.self)
    }

    @Test("plain text, tabs, carriage returns, BEL and UTF-8 (é, ©, °, emoji, CJK) are untouched")
    func plainText() {
        let text = "build\tok\r\n\u{07}café © 20°C ⛔ 🚀 日本語\n"
        #expect(strip(text) == text)
        let bytes = Array(text.utf8)
        #expect(strip([bytes]) == bytes)
    }

    @Test("CSI with parameters and intermediates: colours, clear screen, cursor moves, private modes")
    func controlSequences() {
        #expect(strip("\u{1B}[2J\u{1B}[Hhello \u{1B}[1;31mred\u{1B}[0m \u{1B}[?25lend\u{1B}[ q\n") == "hello red end\n")
    }

    @Test("OSC ended by BEL or by ST: a window title and a hyperlink leave only their text")
    func operatingSystemCommands() {
        #expect(strip("a\u{1B}]0;pwned title\u{07}b\n") == "ab\n")
        #expect(strip("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\\n") == "link\n")
    }

    @Test("DCS, APC and two-byte sequences (reset, save cursor, charset) go; ESC before a newline loses only itself")
    func otherEscapes() {
        #expect(strip("\u{1B}Pq#0;2;0;0;0\u{07}still dcs\u{1B}\\x\u{1B}_apc\u{1B}\\y\n") == "xy\n")
        #expect(strip("\u{1B}c\u{1B}7a\u{1B}8\u{1B}(Bb\u{1B}#8c\n") == "abc\n")
        #expect(strip("x\u{1B}\ny\n") == "x\ny\n")
    }

    @Test("C1 controls in their UTF-8 form: U+009B starts a CSI, U+009D an OSC, others go alone")
    func c1Controls() {
        #expect(strip("a\u{9B}2Jb\u{9D}0;title\u{9C}c\u{85}d\n") == "abcd\n")
        // Bytes 9B and 9D inside other characters (U+26DB is E2 9B 9B) are text.
        #expect(strip("\u{26DB}\u{275D}\n") == "\u{26DB}\u{275D}\n")
    }

    @Test("a sequence split across chunks, at every possible place, is stripped whole")
    func splitSequences() {
        let text = Array("a\u{1B}[1;31mb\u{1B}]0;title\u{1B}\\c\u{9D}x\u{07}d\u{9B}Ke©\n".utf8)
        let expected = Array("abcde©\n".utf8)
        for cut in 0...text.count {
            #expect(strip([Array(text[..<cut]), Array(text[cut...])]) == expected, "cut at \(cut)")
        }
        #expect(strip(text.map { [$0] }) == expected, "byte by byte")
    }

    @Test("unterminated at the end: the open sequence is dropped; a string ends at a newline, the rest shown")
    func unterminated() {
        #expect(strip("done\u{1B}[1;3") == "done")
        #expect(strip("done\u{1B}]0;no end") == "done")
        #expect(strip("\u{1B}]0;no end\nvisible\n") == "\nvisible\n")
        var stripper = EscapeSequenceStripper()
        _ = stripper.strip(Array("\u{1B}]0;open".utf8))
        stripper.finish()
        #expect(stripper.strip(Array("next step\n".utf8)) == Array("next step\n".utf8))
    }

    @Test("memory stays flat: an endless OSC holds no bytes back")
    func boundedCarry() {
        var stripper = EscapeSequenceStripper()
        _ = stripper.strip(Array("\u{1B}]0;".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<8 { #expect(stripper.strip(chunk).isEmpty) }
        #expect(stripper.strip(Array("\u{07}ok".utf8)) == Array("ok".utf8))
    }
}
