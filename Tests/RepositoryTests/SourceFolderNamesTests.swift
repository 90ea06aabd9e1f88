import Foundation
import Testing

/// Names that mean one thing (#37): `Tests/` is where the test targets live, so a folder of
/// production code named so (Engine's test-result vocabulary, Schema's test-step values were)
/// reads as test code and is skipped by whoever looks for the code that ships.
@Suite("Folder names under Sources/")
struct SourceFolderNamesTests {
    static let reserved: Set<String> = ["tests", "test"]

    @Test("no folder under Sources/ is named Tests or Test, in any case")
    func noTestsFolderInSources() throws {
        let root = try #require(NoTrappingSourceTests.packageRoot())
        let sources = root + "/Sources"
        let folders = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(sources)/\(path)", isDirectory: &isFolder) && isFolder.boolValue
        }
        #expect(folders.count > 20, "the walk found only \(folders.count) folders under \(sources)")
        let misnamed = folders.filter { Self.reserved.contains(($0 as NSString).lastPathComponent.lowercased()) }
        #expect(misnamed.isEmpty, "production code in a folder named like the test targets' root: \(misnamed.sorted())")
    }
}
