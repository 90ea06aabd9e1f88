@testable import NightshiftApple
import Testing

/// The lines a failing step shows after the condensed view: the failing task's block or the
/// last few, in bounded memory.
@Suite("Hidden xcodebuild lines")
struct HiddenXcodebuildLinesTests {
    /// `header` then `count` numbered lines of its block.
    private func block(_ header: String, _ task: Substring, lines count: Int, into hidden: inout HiddenXcodebuildLines) {
        hidden.append(header)
        hidden.taskStarted(task)
        for index in 0..<count { hidden.append("\(task) \(index)") }
    }

    @Test("with no failed task: the last lines, at least the minimum")
    func lastLines() {
        var hidden = HiddenXcodebuildLines(capacity: 10, minimumShown: 3)
        #expect(hidden.isEmpty && hidden.lastLines.isEmpty)
        for index in 0..<7 { hidden.append("line \(index)") }
        #expect(hidden.lastLines == ["line 4", "line 5", "line 6"])
        for blank in ["", "  ", ""] { hidden.append(blank) }
        #expect(hidden.lastLines == ["line 4", "line 5", "line 6"])
    }

    @Test("the failed task's whole block, from its header, though later tasks printed since")
    func failedBlock() {
        var hidden = HiddenXcodebuildLines(capacity: 50, minimumShown: 3)
        block("CodeSign /out/App.app", "CodeSign", lines: 5, into: &hidden)
        block("Ld /out/App", "Ld", lines: 2, into: &hidden)
        hidden.taskFailed("CodeSign")
        #expect(hidden.lastLines.count == 9)
        #expect(hidden.lastLines.first == "CodeSign /out/App.app")
    }

    @Test("a failure naming no known task shows the latest block; the first failure wins")
    func unnamedFailure() {
        var hidden = HiddenXcodebuildLines(capacity: 50, minimumShown: 1)
        block("CodeSign /out/A.app", "CodeSign", lines: 4, into: &hidden)
        block("PhaseScriptExecution Lint /tmp/Script-1.sh", "PhaseScriptExecution", lines: 4, into: &hidden)
        hidden.taskFailed("/usr/bin/codesign")
        hidden.taskFailed("CodeSign")
        #expect(hidden.lastLines.first == "PhaseScriptExecution Lint /tmp/Script-1.sh")
        #expect(hidden.lastLines.count == 5)
    }

    @Test("a block longer than the capacity: its last lines; every line cut to the limit")
    func bounded() {
        var hidden = HiddenXcodebuildLines(capacity: 4, minimumShown: 2, lineLimit: 10)
        block("Ld /out/App", "Ld", lines: 1_000, into: &hidden)
        hidden.taskFailed("Ld")
        #expect(hidden.lastLines == ["Ld 996", "Ld 997", "Ld 998", "Ld 999"])
        hidden.append(String(repeating: "x", count: 100_000))
        #expect(hidden.lastLines.last == "xxxxxxxxxx …")
    }

    @Test("without capacity nothing is kept (the condenser's own callers that show no tail)")
    func noCapacity() {
        var hidden = HiddenXcodebuildLines(capacity: 0)
        hidden.append("line")
        hidden.taskFailed(nil)
        #expect(hidden.lastLines.isEmpty)
    }
}
