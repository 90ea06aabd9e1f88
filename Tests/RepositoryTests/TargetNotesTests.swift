import Foundation
import Testing

/// Each Swift target says what it is for (#37): a DocC landing page, `Sources/<T>/<T>.docc/<T>.md`,
/// with what belongs in it, what it may import and its invariants. A new target without one fails.
@Suite("Each target's note")
struct TargetNotesTests {
    @Test("every Swift target under Sources/ has its note, with the three sections")
    func everyTargetHasANote() throws {
        let root = try #require(NoTrappingSourceTests.packageRoot())
        // CNightshiftSystem, the C half, is System's: its note covers both.
        let targets = try FileManager.default.contentsOfDirectory(atPath: root + "/Sources")
            .filter { !$0.hasPrefix("C") && !$0.hasPrefix(".") }
        #expect(!targets.isEmpty)
        for target in targets.sorted() {
            let path = "\(root)/Sources/\(target)/\(target).docc/\(target).md"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                Issue.record("Sources/\(target) has no note at Sources/\(target)/\(target).docc/\(target).md")
                continue
            }
            #expect(text.hasPrefix("# ``\(target)``"), "\(path) does not start with its module's DocC title")
            for section in ["## What belongs here", "## What it may import", "## Invariants"] {
                #expect(text.contains(section), "\(path) has no '\(section)'")
            }
        }
    }
}
