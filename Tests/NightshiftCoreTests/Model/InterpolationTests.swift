@testable import NightshiftCore
import NightshiftSystem
import Testing

@Suite("Interpolation")
struct InterpolationTests {
    let environment: EnvironmentVariables = ["NAME": "brewer", "EMPTY": ""]

    @Test(
        "${VAR}, ${VAR:-default} and $$",
        arguments: [
            ("${NAME}.ipa", "brewer.ipa"),
            ("${MISSING:-staging}", "staging"),
            ("${NAME:-other}", "brewer"),
            // As in sh: a set but empty variable takes the default too.
            ("${EMPTY:-fallback}", "fallback"),
            ("${EMPTY}", ""),
            ("costs $$5", "costs $5"),
            ("$${NAME}", "${NAME}"),
            ("no references", "no references"),
            ("${NAME}-${MISSING:-x}-$$", "brewer-x-$"),
        ])
    func expands(_ text: String, _ expected: String) {
        #expect(Interpolation.expand(text, in: environment) == expected)
    }

    @Test("an unset variable without a default is reported and expands to nothing")
    func missingIsReported() {
        var missing: [String] = []
        let text = Interpolation.expand("a${GONE}b${NAME}", in: environment) { missing.append($0) }
        #expect(text == "abbrewer")
        #expect(missing == ["GONE"])
    }

    @Test("references name each variable once per use and say whether it has a default")
    func flatReferences() {
        let references = Interpolation.references(in: "${A} ${B:-x} $${C}")
        #expect(references.map(\.name) == ["A", "B"])
        #expect(references.map(\.hasDefault) == [false, true])
    }

    func expand(_ text: String, _ environment: EnvironmentVariables) -> (String, [String]) {
        var missing: [String] = []
        let result = Interpolation.expand(text, in: environment) { missing.append($0) }
        return (result, missing)
    }

    @Test("a default may name another variable: ${A:-${B}} is A, else B")
    func nestedDefault() {
        let text = "key=${A:-${B}}!"
        #expect(expand(text, ["A": "a", "B": "b"]) == ("key=a!", []))
        #expect(expand(text, ["B": "b"]) == ("key=b!", []))
        #expect(expand(text, ["A": "", "B": "b"]) == ("key=b!", []))
        #expect(expand(text, [:]) == ("key=!", ["B"]))
        #expect(expand("${A:-${B:-last}}", [:]) == ("last", []))
    }

    @Test("a default is a template: $$ in it is a literal $, other text stays as written")
    func defaultText() {
        #expect(expand("${A:-$$HOME}", [:]).0 == "$HOME")
        #expect(expand("${A:-$HOME}", [:]).0 == "$HOME")
        #expect(expand("${A:-x}}", [:]).0 == "x}")
        #expect(expand("${A:-{json}}", [:]).0 == "{json}")
    }

    @Test("references: a default needing another variable makes that one an alternative")
    func references() {
        let nested = Interpolation.references(in: "${A:-${B}} ${C:-${D:-x}} ${E:-x} ${F}")
        #expect(nested.map(\.name) == ["A", "C", "E", "F"])
        #expect(nested.map(\.hasDefault) == [false, true, true, false])
        #expect(nested.map(\.alternatives) == [["B"], [], [], []])
        #expect(Interpolation.references(in: "${A:-${B:-${C}}}").first?.candidates == ["A", "B", "C"])
    }

    @Test("a bad reference inside a default is a syntax error; an unclosed nested one too")
    func syntaxErrors() {
        #expect(throws: Interpolation.SyntaxError.self) { try Interpolation.pieces(of: "${A:-${1B}}") }
        #expect(throws: Interpolation.SyntaxError.self) { try Interpolation.pieces(of: "${A:-${B}") }
    }
}

@Suite("Nested defaults")
struct NestedDefaultTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "${A:-", count: depth) + "end" + String(repeating: "}", count: depth)
    }

    @Test("defaults nest up to the limit and expand through every level")
    func deepestAllowed() throws {
        let text = Self.nested(InputLimits.deepestNesting)
        #expect(Interpolation.expand(text, in: [:]) == "end")
        #expect(Interpolation.expand(text, in: ["A": "a"]) == "a")
        #expect(Interpolation.references(in: "${A:-${B:-${C}}} ${D:-${E}}").map(\.candidates) == [["A", "B", "C"], ["D", "E"]])
    }

    @Test("800 nested defaults are a syntax error at once, not a 38 s parse")
    func tooDeep() {
        #expect(
            syntaxError { try Interpolation.pieces(of: Self.nested(800)) }
                == "defaults nest more than \(InputLimits.deepestNesting) deep in '${A:-…}'")
        #expect(Interpolation.references(in: Self.nested(800)).isEmpty)
    }

    @Test("the first bad reference in the text is the one reported, as before the one-pass parser")
    func firstErrorWins() {
        #expect(syntaxError { try Interpolation.pieces(of: "${1:-${2}}") } == "'${1:-${2}}' is not a valid variable reference")
        #expect(syntaxError { try Interpolation.pieces(of: "a ${B:-${C} d") } == "unterminated '${' in 'a ${B:-${C} d'")
        #expect(syntaxError { try Interpolation.pieces(of: "${1} ${A") } == "'${1}' is not a valid variable reference")
    }

    private func syntaxError(_ body: () throws -> Any) -> String? {
        #expect(throws: Interpolation.SyntaxError.self) { try body() }?.message
    }
}
