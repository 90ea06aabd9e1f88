import Foundation
import NightshiftCore
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// The JUnit of every recorded and made fixture, byte for byte, as recorded and with its keys
/// sorted as xcresulttool sorts them (`children` before `nodeType`). The goldens in
/// `Fixtures/xcresult/junit/` are what the decoder the streamed reader replaced wrote: until
/// 92dfe27 this test ran both and compared them on every fixture, and they were equal.
/// `NIGHTSHIFT_RECORD=1` rewrites them.
@Suite("xcresult: the JUnit of every fixture, byte for byte", .temporaryDirectory)
struct XCResultJUnitGoldenTests {
    static var root: String { Golden.folder() + "/Fixtures/xcresult" }

    static var fixtures: [String] {
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".json") }.filter {
            (try? String(contentsOfFile: root + "/" + $0, encoding: .utf8))?.contains("testNodes") == true
        }.sorted()
    }

    static func junit(_ cases: [TestCaseResult]) throws -> Data {
        let path = try TemporaryDirectory.make() + "/tests.xml"
        try JUnitTestsWriter(name: "test", masker: .none).write(cases, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("every fixture holding test nodes is compared")
    func fixturesFound() {
        #expect(Self.fixtures.count >= 9)
    }

    @Test("the JUnit the decoder wrote, as recorded and with sorted keys, from memory and from a file", arguments: fixtures)
    func sameJUnit(_ name: String) throws {
        let recorded = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + name))
        let sorted = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: recorded), options: [.sortedKeys, .prettyPrinted])
        let golden = Self.root + "/junit/" + name.replacingOccurrences(of: "/", with: "-") + ".junit.xml"
        let written = try Self.junit(XCResultTestsReader().read(recorded))
        guard ProcessInfo.processInfo.environment["NIGHTSHIFT_RECORD"] != "1" else {
            return Golden.assertMatches(String(decoding: written, as: UTF8.self), file: golden)
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
        let file = try TemporaryDirectory.make() + "/tests.json"
        try sorted.write(to: URL(fileURLWithPath: file))
        for junit in [
            written, try Self.junit(XCResultTestsReader().read(sorted)), try Self.junit(XCResultTestsReader().read(contentsOf: file)),
        ] {
            #expect(
                junit == expected,
                "\(name): \(Golden.diff(expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: junit, as: UTF8.self)))"
            )
        }
    }
}
