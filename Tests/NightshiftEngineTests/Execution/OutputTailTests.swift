@testable import NightshiftEngine
import Testing

@Suite("OutputTail")
struct OutputTailTests {
    private func tail(_ chunks: [String], lines: Int = 3, bytes: Int = 1024) -> String {
        var tail = OutputTail(lineLimit: lines, byteLimit: bytes)
        for chunk in chunks { Array(chunk.utf8).withUnsafeBufferPointer { tail.append($0) } }
        return tail.text
    }

    @Test("keeps the last lines across chunks, whatever their sizes")
    func lastLines() {
        #expect(tail(["a\nb\n", "c\nd\ne\n"]) == "c\nd\ne")
        #expect(tail(["a\n", "b\n"]) == "a\nb")
        #expect(tail((1...100).map { "line \($0)\n" }) == "line 98\nline 99\nline 100")
        #expect(tail(["1\n2\n3\n4\n5\n6\n7\n"]) == "5\n6\n7")
        #expect(tail([]) == "")
    }

    @Test("a piece without its newline counts as a line of its own")
    func unterminated() {
        #expect(tail(["a\n", "partial"]) == "a\npartial")
        #expect(tail(["x\ny\nz\n", "end"]) == "y\nz\nend")
    }

    @Test("a huge line keeps only the byte limit's worth of its end")
    func byteBound() {
        let long = String(repeating: "x", count: 10_000) + "END\n"
        let kept = tail(["before\n", long], bytes: 100)
        #expect(kept.utf8.count <= 100)
        #expect(kept.hasSuffix("xxxEND"))
    }
}
