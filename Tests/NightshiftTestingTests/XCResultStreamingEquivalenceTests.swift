import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

@testable import NightshiftTesting

/// The streamed reader against the decoder it replaces, on every recorded and made fixture
/// (as recorded, and with its keys sorted as xcresulttool sorts them: `children` before
/// `nodeType`): the JUnit each writes must be the same, byte for byte.
@Suite("xcresult: the streamed reader writes what the decoder wrote", .temporaryDirectory)
struct XCResultStreamingEquivalenceTests {
    static var fixtures: [String] {
        guard let root = Bundle.module.url(forResource: "xcresult", withExtension: nil, subdirectory: "Fixtures") else { return [] }
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "json" }.map(\.path).filter {
            (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("testNodes") == true
        }.sorted()
    }

    /// The decoder's reading, as `XCResultTestsReader` did it before it streamed.
    static func decoded(_ data: Data) throws -> [TestCaseResult] {
        let document: XCResultTestsDocument = try TestResultsJSON.decode(data, source: "old", maximumNesting: 200)
        return XCResultTreeWalk(devices: document.devices, configurations: document.testPlanConfigurations).cases(of: document.testNodes)
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

    @Test("the same JUnit, byte for byte, as recorded and with sorted keys", arguments: fixtures)
    func sameJUnit(_ path: String) throws {
        let recorded = try Data(contentsOf: URL(fileURLWithPath: path))
        let sorted = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: recorded), options: [.sortedKeys, .prettyPrinted])
        for data in [recorded, sorted] {
            let old = try Self.decoded(data)
            let new = try XCResultTestsReader().read(data)
            #expect(new == old, "\(path)")
            #expect(try Self.junit(new) == Self.junit(old), "\(path)")
        }
        let folder = try TemporaryDirectory.make()
        try sorted.write(to: URL(fileURLWithPath: folder + "/tests.json"))
        #expect(try XCResultTestsReader().read(contentsOf: folder + "/tests.json") == Self.decoded(sorted))
    }
}
