import Foundation
@testable import NightshiftCore
import Testing

/// A `try!` on input turns a located error into a crash (exit 132) with nothing cleaned up, so
/// none may appear in the sources at all.
@Suite("Sources")
struct NoTrappingSourceTests {
    @Test("no 'try!' anywhere under Sources/")
    func noForcedTry() throws {
        let sources = try #require(Self.packageRoot()) + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        var offenders: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: "\(sources)/\(file)", encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("try!") && !line.drop(while: { $0 == " " }).hasPrefix("//") {
                offenders.append("Sources/\(file):\(number + 1): \(line.drop(while: { $0 == " " }))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// The nearest folder above this file that holds Package.swift.
    static func packageRoot(from filePath: String = #filePath) -> String? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
