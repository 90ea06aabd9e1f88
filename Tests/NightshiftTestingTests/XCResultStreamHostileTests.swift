import Foundation
import NightshiftEngine
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// What the pull parser meets in a hostile or broken file: an error naming the file and the
/// byte, never a crash, a hang or memory that grows with the input.
@Suite("xcresult: the streamed reader on hostile input", .temporaryDirectory)
struct XCResultStreamHostileTests {
    static let valid = #"{"testNodes":[{"nodeType":"Test Case","name":"t()","nodeIdentifier":"S/t()","result":"Passed"}]}"#

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = try TemporaryDirectory.make() + "/shard-1.tests.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func error(reading bytes: [UInt8]) throws -> TestResultsError {
        let path = try file(bytes)
        let error = try #require(throws: TestResultsError.self) { try XCResultTestsReader().read(contentsOf: path) }
        #expect(error.message.contains(path), "the error names the file: \(error.message)")
        return error
    }

    @Test("a NUL byte, invalid UTF-8 and a lone surrogate: errors naming the file and where")
    func badBytes() throws {
        let name = Array(#"{"testNodes":[{"nodeType":"Test Case","name":""#.utf8)
        let end = Array(#"","result":"Passed"}]}"#.utf8)
        #expect(try Self.error(reading: name + [0x61, 0x00, 0x62] + end).message.contains("control character"))
        #expect(try Self.error(reading: name + [0xC3, 0x28] + end).message.contains("invalid UTF-8"))
        #expect(try Self.error(reading: name + [0xED, 0xA0, 0x80] + end).message.contains("invalid UTF-8"))
        #expect(try Self.error(reading: name + Array(#"\uD800x"#.utf8) + end).message.contains("surrogate"))
        #expect(try Self.error(reading: [0x00]).message.contains("at byte 0"))
        // An escaped NUL is text, as JSON has it.
        #expect(
            try XCResultTestsReader().read(
                Data((String(decoding: name, as: UTF8.self) + #"a\u0000b"# + String(decoding: end, as: UTF8.self)).utf8)
            ).map(\.name) == ["a\u{0}b"])
    }

    @Test("truncated anywhere: an error, never a partial result")
    func truncatedEverywhere() throws {
        let bytes = Array(Self.valid.utf8)
        for cut in 0..<bytes.count {
            #expect(throws: TestResultsError.self, "\(cut)") { try XCResultTestsReader().read(Data(bytes[..<cut])) }
        }
        #expect(try XCResultTestsReader().read(Data(bytes)).count == 1)
        #expect(throws: TestResultsError.self) { try XCResultTestsReader().read(Data((Self.valid + "x").utf8)) }
    }

    @Test("a string longer than the bound is refused, from the byte it starts at")
    func hugeString() throws {
        let long = String(repeating: "a", count: XCResultTestsReader.maximumStringBytes + 1)
        let error = try Self.error(
            reading: Array(#"{"testNodes":[{"nodeType":"Test Case","name":""#.utf8) + Array(long.utf8) + Array(#""}]}"#.utf8))
        #expect(error.message.contains("longer than \(XCResultTestsReader.maximumStringBytes) bytes"))
        // A long name under the bound reads whole.
        let name = String(repeating: "n", count: 100_000)
        let json = #"{"testNodes":[{"nodeType":"Test Case","name":"\#(name)","nodeIdentifier":"S/x","result":"Passed"}]}"#
        #expect(try XCResultTestsReader().read(Data(json.utf8)).first?.name == name)
    }

    @Test("deep nesting in a file: refused at the bound, under any key, without recursion")
    func deepFile() throws {
        let deep = #"{"testNodes":[{"x":"# + String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000) + "}]}"
        #expect(try Self.error(reading: Array(deep.utf8)).message.contains("deeper than \(XCResultTestsReader.maximumNesting)"))
    }

    @Test("numbers: malformed ones are errors, one no Double holds reads as absent")
    func numbers() throws {
        for number in ["01", "1.", "-", "1e", "+1", ".5", "1.5e+"] {
            let json = #"{"testNodes":[{"nodeType":"Test Case","name":"t","durationInSeconds":\#(number)}]}"#
            #expect(throws: TestResultsError.self, "\(number)") { try XCResultTestsReader().read(Data(json.utf8)) }
        }
        let json = #"{"testNodes":[{"nodeType":"Test Case","name":"t","duration":"2s","durationInSeconds":1e400,"result":"Passed"}]}"#
        #expect(try XCResultTestsReader().read(Data(json.utf8)).first?.durationSeconds == 2)
    }

    @Test("keys in any order: children before the node's type and name, devices after the nodes")
    func keyOrder() throws {
        let json = """
            {"testNodes":[{"children":[{"children":[{"children":[{"result":"Passed","nodeType":"Test Case","name":"t()","nodeIdentifier":"S/t()"}],
            "nodeType":"Test Suite","name":"S"}],"name":"B","nodeType":"Unit test bundle"}],"nodeType":"Test Plan","name":"P"}],
            "testPlanConfigurations":[{"configurationName":"A"},{"configurationName":"B"}],"devices":[{"deviceName":"D"}]}
            """
        let test = try #require(try XCResultTestsReader().read(Data(json.utf8)).first)
        #expect(test.identifier == "B/S/t()" && test.bundle == "B" && test.suitePath == ["S"])
    }

    @Test("many tests stream through the merger: the same cases, in order, as read into an array")
    func throughMerger() throws {
        var json = #"{"testNodes":[{"children":["#
        json += (0..<30_000).map {
            #"{"nodeType":"Test Case","name":"t\#($0)()","nodeIdentifier":"S\#($0 % 7)/t\#($0)()","result":"\#($0 % 5 == 0 ? "Failed" : "Passed")"}"#
        }.joined(separator: ",")
        json += #"],"nodeType":"Unit test bundle","name":"B"}]}"#
        let path = try Self.file(Array(json.utf8))
        var merger = TestResultsMerger()
        try XCResultTestsReader().read(contentsOf: path, into: &merger)
        let cases = try XCResultTestsReader().read(contentsOf: path)
        #expect(cases.count == 30_000)
        #expect(Array(merger.results) == cases)
        #expect(merger.failingIdentifiers.count == 6_000)
    }
}
