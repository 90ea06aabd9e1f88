@testable import NightshiftCore
@testable import NightshiftLanes
import Testing

/// Did-you-mean notes on a lanes file's bad lane references (`Suggestion`, in Core's tests).
@Suite("Did-you-mean for lane references")
struct LaneReferenceSuggestionTests {
    @Test("thousands of bad lane references get a did-you-mean for the first 20 only, so loading stays linear")
    func budget() throws {
        let lanes = (0..<200).map { "  l\($0):\n    steps:\n      - lane: l\($0)x\n" }.joined()
        let error = #expect(throws: LanesFileError.self) {
            try LanesFileLoader().parse(text: "project: { name: X }\nlanes:\n" + lanes, path: "x.yml")
        }
        let diagnostics = try #require(error?.diagnostics)
        #expect(diagnostics.count == 200)
        #expect(diagnostics.filter { !$0.notes.isEmpty }.count == 20)
        #expect(diagnostics.first?.notes == ["did you mean 'l0'?"])
    }
}
