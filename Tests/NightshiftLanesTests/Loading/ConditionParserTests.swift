@testable import NightshiftCore
@testable import NightshiftLanes
import Testing

@Suite("if: conditions")
struct ConditionParserTests {
    @Test(
        "a lone '=', '&' or '|' is an error naming the operator meant",
        arguments: [
            ("${BRANCH} = main", "'=' is not an operator; did you mean '=='?"),
            ("${A} & ${B}", "'&' is not an operator; did you mean '&&'?"),
            ("${A} | ${B}", "'|' is not an operator; did you mean '||'?"),
            ("${A} ==", "expected a value at the end"),
        ])
    func loneOperator(text: String, message: String) {
        #expect(throws: ConditionParser.ParseError(message: message)) { try ConditionParser.parse(text, at: nil) }
    }

    @Test("nesting is bounded, so 40,000 parentheses or 100,000 '!' are an error, not a stack overflow")
    func nestingBound() throws {
        let limit = InputLimits.deepestNesting
        let deepest = String(repeating: "(", count: limit) + "${A}" + String(repeating: ")", count: limit)
        #expect(try ConditionParser.parse(deepest, at: nil) == .truthy("${A}"))
        #expect(try ConditionParser.parse("!!${A}", at: nil) == .not(.not(.truthy("${A}"))))
        #expect(throws: Never.self) { try ConditionParser.parse(String(repeating: "!", count: limit) + "${A}", at: nil) }
        let tooDeep = ConditionParser.ParseError(message: "parentheses and '!' nest more than \(limit) deep")
        for text in [
            String(repeating: "(", count: 40_000) + "a" + String(repeating: ")", count: 40_000),
            String(repeating: "!", count: 100_000) + "a",
            String(repeating: "(!", count: limit / 2 + 1) + "a" + String(repeating: ")", count: limit / 2 + 1),
        ] {
            #expect(throws: tooDeep) { try ConditionParser.parse(text, at: nil) }
        }
    }

    @Test("chains of '&&' and '||' are bounded, since evaluation recurses through them")
    func chainBound() throws {
        let most = InputLimits.mostConditionOperators
        let longest = Array(repeating: "a", count: most + 1).joined(separator: " && ")
        #expect(try ConditionParser.parse(longest, at: nil).evaluate { _ in "1" })
        #expect(throws: ConditionParser.ParseError.self) {
            try ConditionParser.parse(Array(repeating: "a", count: 100_000).joined(separator: " || "), at: nil)
        }
    }
}
