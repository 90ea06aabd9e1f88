@testable import NightshiftApple
@testable import NightshiftCore
import Testing

/// Keeping every reason must not undo the condensing: a clean build still comes down to a line
/// per build phase, its warnings and the result.
@Suite("xcodebuild clean log")
struct XcodebuildCleanLogTests {
    @Test("a clean 2,000-line archive condenses to phases, warnings and the result")
    func condensesCleanBuild() {
        let text = CleanBuildLog.text
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect((1_900...2_100).contains(lineCount))
        var filter = XcodebuildOutputFilter()
        let shown = filter.feed(Array(text.utf8)) + filter.finish()
        #expect(shown.count <= 25, "\(lineCount) lines in, \(shown.count) out:\n\(shown.joined(separator: "\n"))")
        for warning in CleanBuildLog.warnings { #expect(shown.contains(warning)) }
        #expect(shown.last == "** ARCHIVE SUCCEEDED **")
        #expect(shown.filter { $0.hasPrefix("▸ ") }.count <= 13)
        #expect(!shown.contains { $0.contains("Signing Identity") || $0.hasPrefix("    cd ") })
    }
}
