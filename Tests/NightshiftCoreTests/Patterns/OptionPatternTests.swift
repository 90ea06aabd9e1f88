@testable import NightshiftCore
import Testing

/// Issue #26 §1: an option's `pattern:` is matched in time linear in the value (a Thompson
/// simulation of the pattern's NFA), so a value from Jenkins' "Build with Parameters" cannot hang
/// `validate`, the daemon or a run; what such a matcher cannot do is refused at load.
@Suite("Option patterns: linear-time matching of a documented subset")
struct OptionPatternTests {
    static func found(_ pattern: String, _ value: String) throws -> Bool {
        try OptionPattern(pattern).isFound(in: value)
    }

    @Test(
        "the patterns the README and the tests use mean what they meant",
        arguments: [
            (#"^\d+\.\d+\.\d+$"#, "1.4.0", true), (#"^\d+\.\d+\.\d+$"#, "1.4", false), (#"^\d+\.\d+\.\d+$"#, "1.4.0x", false),
            (#"^\d+$"#, "42", true), (#"^\d+$"#, "", false), (#"^\d+'s$"#, "12's", true), (#"^\d+'s$"#, "12s", false),
            ("release", "pre-release-1", true), ("^release", "pre-release", false), ("a|b", "xbx", true),
            ("^(internal|external)$", "external", true), ("^(internal|external)$", "internals", false),
            ("^[A-Z][a-z0-9_-]*$", "Brewer_2-x", true), ("^[^/]+$", "a/b", false), ("^a.c$", "abc", true),
            ("^a.c$", "a\nc", false), (#"^\w+\s\S+$"#, "hello wörld", true), (#"^\D+$"#, "abc1", false),
            ("^x{2,3}$", "xx", true), ("^x{2,3}$", "xxxx", false), ("^x{2}$", "xx", true), ("^x{2,}$", "xxxxx", true),
            ("^(ab)?c*$", "abccc", true), ("^(?:ab)+$", "ababa", false), (#"\bv1\b"#, "take v1 now", true),
            (#"\bv1\b"#, "v12", false), (#"^a\Bb"#, "ab", true), ("^$", "", true), (#"^[\d.]+$"#, "1.2.3", true),
            (#"^[a\-z]+$"#, "-a-", true), (#"^[a\-z]+$"#, "b", false), ("^é+$", "éé", true), ("^(a*)*$", "aaa", true),
            (#"^\$\{x\}$"#, "${x}", true), ("^(?<major>\\d+)$", "7", true), ("^[]a]$", "]", true),
        ])
    func meaning(pattern: String, value: String, expected: Bool) throws {
        #expect(try Self.found(pattern, value) == expected, "'\(pattern)' against '\(value)'")
    }

    @Test(
        "the issue's catastrophic cases answer at once, and the work is bounded by value × pattern",
        arguments: [
            (#"^(\d+\.?)+$"#, "202411261234567890123x"), ("^(a+)+$", String(repeating: "a", count: 40) + "!"),
            ("^(a|a)*$", String(repeating: "a", count: 40) + "!"), ("^(a*)*b$", String(repeating: "a", count: 5_000)),
            ("(x+x+)+y", String(repeating: "x", count: 5_000)),
        ])
    func catastrophic(pattern: String, value: String) throws {
        let compiled = try OptionPattern(pattern)
        let search = compiled.search(value)
        #expect(!search.found)
        #expect(search.steps <= (value.unicodeScalars.count + 1) * compiled.instructionCount)
    }

    @Test(
        "what a linear matcher cannot do is refused, saying what and where",
        arguments: [
            (#"^(a)\1$"#, "character 5: a backreference ('\\1')"), ("(?=a)", "character 1: a lookahead ('(?=')"),
            ("(?!a)", "character 1: a negative lookahead ('(?!')"), ("(?<=a)b", "character 1: a lookbehind ('(?<=')"),
            ("(?<!a)b", "character 1: a negative lookbehind ('(?<!')"), ("(?i)abc", "character 1: a group option ('(?i')"),
            ("a*+", "character 3: a possessive quantifier"), (#"\p{L}"#, "character 1: '\\p'"), (#"\k<x>"#, "character 1: '\\k'"),
            ("(", "character 1: '(' is never closed"), ("a)", "character 2: ')' closes nothing"),
            ("*a", "character 1: '*' repeats nothing"),
            ("[a", "character 1: '[' is never closed"), ("[z-a]", "character 2: the range 'z-a' is backwards"),
            ("a{3,2}", "character 2: the count {3,2} is backwards"), ("a{2000}", "character 2: a count over 1000"),
            ("a{", "character 2: '{' must start a count"), ("[[:alpha:]]", "character 2: a POSIX class ('[:')"),
            ("a\\", "character 2: '\\' ends the pattern"),
        ])
    func refused(pattern: String, expected: String) {
        #expect(throws: OptionPatternError.self) { try OptionPattern(pattern) }
        do {
            _ = try OptionPattern(pattern)
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test("a pattern whose program outgrows the limit is refused, not expanded")
    func tooLarge() {
        #expect(throws: OptionPatternError.self) { try OptionPattern("((a{1000}){1000}){1000}") }
        #expect(throws: OptionPatternError.self) {
            try OptionPattern(String(repeating: "(", count: 65) + String(repeating: ")", count: 65))
        }
        #expect(throws: OptionPatternError.self) { try OptionPattern(String(repeating: "a", count: OptionPattern.longestSource + 1)) }
    }

    @Test("a value is checked whole: a NUL byte, a newline or a huge value is just characters")
    func hostileValues() throws {
        #expect(try !Self.found("^[a-z]+$", "abc\u{0}def"))
        #expect(try !Self.found(#"^\d+$"#, "123\n"))
        #expect(try Self.found("^a+$", String(repeating: "a", count: 100_000)))
        #expect(try !Self.found(#"^\d+$"#, "١٢٣"), "\\d is ASCII digits only: Int() would refuse these")
    }

    @Test("an option's value is at most 64 KiB, so a check is bounded whatever the pattern")
    func longestValue() {
        let option = LaneOption(name: "v", pattern: "^a+$")
        #expect(option.problem(with: String(repeating: "a", count: InputLimits.longestOptionValue)) == nil)
        #expect(
            option.problem(with: String(repeating: "a", count: InputLimits.longestOptionValue + 1))
                == "must be at most 65536 bytes long, found 65537")
    }
}
