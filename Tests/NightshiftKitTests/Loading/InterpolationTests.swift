import NightshiftKit
import Testing

@Suite("Interpolation")
struct InterpolationTests {
    let environment: EnvironmentVariables = ["NAME": "brewer", "EMPTY": ""]

    @Test("${VAR}, ${VAR:-default} and $$", arguments: [
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
    func references() {
        let references = Interpolation.references(in: "${A} ${B:-x} $${C}")
        #expect(references.map(\.name) == ["A", "B"])
        #expect(references.map(\.hasDefault) == [false, true])
    }
}
