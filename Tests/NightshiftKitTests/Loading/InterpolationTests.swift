import NightshiftKit
import Testing

@Suite("Interpolation")
struct InterpolationTests {
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
