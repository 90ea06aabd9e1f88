import Foundation
@testable import NightshiftTesting
import Testing

/// The xUnit scanner streams: what it reads does not depend on where its buffer's refills fall,
/// and what it keeps does not grow with the file.
@Suite("XML tag scanner, streamed")
struct XMLTagScannerTests {
    static let attributes: Set<String> = ["classname", "name", "time", "message"]

    static func tokens(_ data: Data, bufferSize: Int) throws -> [XMLToken] {
        var scanner = XMLTagScanner(DataByteSource(data), keepingAttributes: attributes, bufferSize: bufferSize)
        var tokens: [XMLToken] = []
        while let token = try scanner.next() { tokens.append(token) }
        return tokens
    }

    static let shapes = """
        <?xml version="1.0"?><!DOCTYPE x><!-- a comment -- with dashes ---><testsuites><testsuite name="T">
        <testcase classname="M.S" name='a&amp;b&#x41;' other="dropped" time = "0.5"><failure><![CDATA[F.swift:3: ]] boom ]]]></failure></testcase>
        <testcase classname="M.S" name="b"/><!-x not a comment><testcase name="c" time="1"></testcase><unfinished a="
        """

    @Test("the recorded pair and hostile shapes give the same tokens through a 16-byte buffer as through a 64 KiB one")
    func refillsAnywhere() throws {
        let recorded = ["swift-6.3.1-linux-recorded.xml", "swift-6.3.1-linux-recorded-swift-testing.xml"].map {
            FileManager.default.contents(atPath: ResultsFixtures.path($0, in: "xunit")) ?? Data()
        }
        for data in recorded + [Data(Self.shapes.utf8)] {
            #expect(!data.isEmpty)
            let whole = try Self.tokens(data, bufferSize: 1 << 16)
            for size in [16, 17, 31] { #expect(try Self.tokens(data, bufferSize: size) == whole) }
        }
        let shaped = try Self.tokens(Data(Self.shapes.utf8), bufferSize: 16)
        let starts = shaped.compactMap { token -> XMLAttributes? in
            if case .start("testcase", let attributes, _) = token { attributes } else { nil }
        }
        #expect(starts.map { $0["name"] } == ["a&bA", "b", "c"])
        #expect(starts[0].values["other"] == nil, "an attribute nobody asked for is kept")
        #expect(starts[0]["time"] == "0.5")
        #expect(shaped.contains(.text(Self.cdata("F.swift:3: ]] boom ]"))))
    }

    static func cdata(_ text: String) -> XMLValue {
        var value = XMLValue(entities: false)
        value.append(Array(text.utf8))
        return value
    }

    /// A file that is never in memory: `head`, then `body` `count` times, then `tail`.
    struct RepeatingSource: ResultByteSource {
        let head: [UInt8]
        let body: [UInt8]
        let count: Int
        let tail: [UInt8]
        private var offset = 0

        init(head: String, body: String, count: Int, tail: String) {
            (self.head, self.body, self.count, self.tail) = (Array(head.utf8), Array(body.utf8), count, Array(tail.utf8))
        }

        var size: Int { head.count + body.count * count + tail.count }

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(TestResultsError) -> Int {
            var written = 0
            while written < buffer.count && offset < size {
                buffer[written] = byte(at: offset)
                written += 1
                offset += 1
            }
            return written
        }

        private func byte(at offset: Int) -> UInt8 {
            if offset < head.count { return head[offset] }
            let inBody = offset - head.count
            if inBody < body.count * count { return body[inBody % body.count] }
            return tail[inBody - body.count * count]
        }
    }

    @Test("a 3 MB attribute and a text of 3 MB keep 64 KiB each and count the rest")
    func longValues() throws {
        let count = 3 << 20
        var attribute = XMLTagScanner(
            RepeatingSource(head: #"<testcase name="x" message=""#, body: "m", count: count, tail: #""/>"#),
            keepingAttributes: Self.attributes)
        guard case .start(_, let attributes, true)? = try attribute.next() else {
            Issue.record("no start tag")
            return
        }
        let message = try #require(attributes.values["message"])
        #expect(message.raw.count == XMLValue.maximumBytes && message.leftOut == count - XMLValue.maximumBytes)
        #expect(message.string(atMost: 10) == "mmmmmmmmmm" + TestMessageText.cutNote(leftOut: count - 10))
        var text = XMLTagScanner(RepeatingSource(head: "<a>", body: "t", count: count, tail: "</a>"), keepingAttributes: [])
        _ = try text.next()
        guard case .text(let value)? = try text.next() else {
            Issue.record("no text")
            return
        }
        #expect(value.raw.count == XMLValue.maximumBytes && value.leftOut == count - XMLValue.maximumBytes)
        #expect(try text.next() == .end(name: "a"))
        #expect(try text.next() == nil)
    }

    @Test("50,000 failures of one test: the case keeps 20 messages and counts the rest, read as the file streams")
    func manyFailuresStreamed() throws {
        let source = RepeatingSource(
            head: #"<testsuites><testsuite name="T"><testcase classname="M.S" name="a">"#,
            body: #"<failure message="F.swift:1: boom"/>"#, count: 50_000, tail: "</testcase></testsuite></testsuites>")
        var cases: [TestCaseResult] = []
        var scanner = XMLTagScanner(source, keepingAttributes: Self.attributes)
        var failures = 0
        while let token = try scanner.next() {
            if case .start("failure", _, _) = token { failures += 1 }
        }
        #expect(failures == 50_000 && scanner.bytesRead == Int64(source.size))
        let file = try TemporaryFile(contents: source)
        defer { file.remove() }
        try SwiftPMXUnitReader().read(xunitOutput: file.path) { _, test in cases.append(test) }
        let messages = try #require(cases.first?.attempts.first?.messages)
        #expect(cases.count == 1 && messages.count == 21)
        #expect(messages.last?.text == "… and 49980 more messages")
    }

    /// The source's bytes in a file, to read through the reader's file path.
    struct TemporaryFile {
        let path: String

        init(contents source: RepeatingSource) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("xunit-\(UUID().uuidString).xml").path
            var source = source
            var data = Data(count: source.size)
            let read = try data.withUnsafeMutableBytes { buffer throws(TestResultsError) in try source.read(into: buffer) }
            #expect(read == data.count)
            try data.write(to: URL(fileURLWithPath: path))
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }
}
