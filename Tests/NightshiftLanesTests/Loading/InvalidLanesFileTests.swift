import Foundation
@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftTestSupport
import Testing

/// Every broken file under Fixtures/invalid gets exactly the diagnostics in its `.expected` file.
@Suite("Invalid lanes files")
struct InvalidLanesFileTests {
    static let folder = Golden.folder() + "/../Fixtures/invalid"

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test("reports every problem with its location", arguments: cases)
    func reportsDiagnostics(name: String) throws {
        let path = "\(Self.folder)/\(name).yml"
        let data = try #require(FileManager.default.contents(atPath: path))
        do {
            _ = try LanesFileLoader().parse(data: data, path: "\(name).yml")
            Issue.record("\(name).yml loaded without errors")
        } catch {
            Golden.assertMatches(error.description + "\n", file: "\(Self.folder)/\(name).expected")
        }
    }

    @Test("a UTF-8 byte-order mark before the first line is allowed (YAML 1.2 §5.2), and columns ignore it")
    func byteOrderMark() throws {
        let text = "project: { name: Demo }\nlanes:\n  a: { steps: [ { sh: echo a } ] }\n"
        let file = try LanesFileLoader().parse(data: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), path: "bom.yml")
        #expect(file.lanes.map(\.name) == ["a"])
        let broken = Data([0xEF, 0xBB, 0xBF] + Array("project: { name: Demo }\nlanes: { a: { stpes: [] } }\n".utf8))
        #expect(throws: LanesFileError.self) { try LanesFileLoader().parse(data: broken, path: "bom.yml") }
        do {
            _ = try LanesFileLoader().parse(data: Data([0xEF, 0xBB, 0xBF] + Array("project: [ }\n".utf8)), path: "bom.yml")
        } catch {
            #expect(error.description.hasPrefix("bom.yml:1:"))
        }
    }

    @Test("a file that is not UTF-8 is an error, not a crash")
    func notUTF8() {
        #expect(throws: LanesFileError.self) { try LanesFileLoader().parse(data: Data([0xff, 0xfe, 0x00, 0x41]), path: "x.yml") }
    }

    @Test("mutilated versions of a valid file never crash the loader")
    func mutations() throws {
        let text = try String(contentsOfFile: Self.folder + "/../valid/bundled.yml", encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        for index in lines.indices {
            var dropped = lines
            dropped.remove(at: index)
            _ = try? LanesFileLoader().parse(text: dropped.joined(separator: "\n"), path: "m.yml")
            var shifted = lines
            shifted[index] = " " + shifted[index]
            _ = try? LanesFileLoader().parse(text: shifted.joined(separator: "\n"), path: "m.yml")
            var truncated = text
            truncated.removeLast(text.count * index / lines.count)
            _ = try? LanesFileLoader().parse(text: truncated, path: "m.yml")
        }
    }
}
