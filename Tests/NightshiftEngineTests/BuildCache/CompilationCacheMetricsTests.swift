import NightshiftEngine
import NightshiftSystem
import Testing

/// The metrics note of swift-build's `CompilationCacheMetrics` activity, as xcodebuild prints it.
@Suite("Compilation cache metrics")
struct CompilationCacheMetricsTests {
    @Test(
        "the note as xcodebuild prints it, plural and singular, indented or not",
        arguments: [
            ("note: 0 hits / 60 cacheable tasks (0%)", 0, 60), ("note: 60 hits / 60 cacheable tasks (100%)", 60, 60),
            ("note: 285 hits / 290 cacheable tasks (98%)", 285, 290), ("    note: 1 hit / 1 cacheable task (100%)", 1, 1),
            ("note: 0 hits / 1 cacheable task (0%)\r", 0, 1),
        ])
    func note(line: String, hits: Int, total: Int) {
        #expect(CompilationCacheMetrics(line: Substring(line)) == CompilationCacheMetrics(hits: hits, cacheableTasks: total))
    }

    @Test(
        "what is not the note",
        arguments: [
            "Report compilation cache metrics", "CompilationCacheMetrics", "note: 5 hits / 4 cacheable tasks (125%)",
            "warning: 1 hit / 1 cacheable task (100%)", "note: Swift compiler: 3 hits, 2 misses", "note: 1 hit / 1 cacheable task",
            "/src/A.swift:1:1: note: 1 hit / 1 cacheable task (100%)", "note: 1 hit / 1 cacheable task (100%) and more",
            "note: 99999999999999 hits / 99999999999999 cacheable tasks (100%)",
        ])
    func notTheNote(line: String) {
        #expect(CompilationCacheMetrics(line: Substring(line)) == nil)
    }

    @Test("misses are the cacheable tasks that did not hit; the summary says both")
    func summary() {
        let metrics = CompilationCacheMetrics(hits: 285, cacheableTasks: 290)
        #expect(metrics.misses == 5)
        #expect(metrics.summary == "285 hits, 5 misses of 290 cacheable tasks (98%)")
        #expect(CompilationCacheMetrics(hits: 1, cacheableTasks: 2).summary == "1 hit, 1 miss of 2 cacheable tasks (50%)")
    }

    @Test("read from a stream cut anywhere, lines of other channels apart, several builds added up")
    func reader() {
        let reader = CompilationCacheMetricsReader()
        let log =
            "SwiftCompile normal arm64 /src/A.swift\nCompilationCacheMetrics\nnote: 3 hits / 10 cacheable tasks (30%)\n"
            + "** BUILD SUCCEEDED **\nnote: 2 hits / 2 cacheable tasks (100%)"
        for chunk in log.utf8.map({ [$0] }) { reader.receive(.standardOutput, chunk) }
        reader.receive(.standardError, Array("note: 1 hit".utf8))
        #expect(reader.metrics == CompilationCacheMetrics(hits: 5, cacheableTasks: 12))
        #expect(CompilationCacheMetricsReader().metrics == nil)
    }

    @Test("a megabyte line without an end is not kept whole")
    func longLine() {
        let reader = CompilationCacheMetricsReader()
        reader.receive(.standardOutput, [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20))
        reader.receive(.standardOutput, Array("\nnote: 1 hit / 1 cacheable task (100%)\n".utf8))
        #expect(reader.metrics == CompilationCacheMetrics(hits: 1, cacheableTasks: 1))
    }
}
