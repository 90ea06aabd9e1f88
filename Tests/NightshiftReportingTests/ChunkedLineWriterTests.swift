import NightshiftReporting
import NightshiftTestSupport
import Testing

/// The writer the long previews (`cron`, `next`, `--simulate`) stream their lines through.
@Suite("ChunkedLineWriter")
struct ChunkedLineWriterTests {
    @Test("lines reach the output sink in chunks while they are produced, and all of them once flushed")
    func chunkedWriter() {
        let output = CapturingOutputSink()
        let writer = ChunkedLineWriter(output: output, chunkSize: 100)
        for index in 0..<30 { writer.line("line \(index)") }
        #expect(!output.standardOutput.isEmpty, "handed on before the end")
        #expect(output.standardOutput.count < 30 * 8)
        writer.flush()
        #expect(output.standardOutput == (0..<30).map { "line \($0)\n" }.joined())
    }
}
