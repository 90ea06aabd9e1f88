import Foundation
import NightshiftExport
import NightshiftTestSupport
import Testing

@Suite("Export writer", .temporaryDirectory)
struct ExportWriterTests {
    @Test("two files whose names differ only in case are refused before anything is written: macOS would keep one")
    func namesDifferingInCase() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/workflows"
        let files = [
            ExportedFile(fileName: "nightshift-Lint.yml", contents: "a\n"),
            ExportedFile(fileName: "nightshift-lint.yml", contents: "b\n"),
        ]
        #expect {
            try ExportWriter().write(files, into: output)
        } throws: { error in
            "\(error)" == "cannot write \(output): 'nightshift-Lint.yml' and 'nightshift-lint.yml' differ only in case, "
                + "and macOS's file system keeps one of them: rename one of the lanes"
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("names that differ by more than case are all written")
    func distinctNames() throws {
        let folder = try TemporaryFolder()
        let files = [
            ExportedFile(fileName: "nightshift-lint.yml", contents: "a\n"),
            ExportedFile(fileName: "nightshift-lint2.yml", contents: "b\n"),
        ]
        let written = try ExportWriter().write(files, into: folder.path)
        #expect(written.count == 2)
        #expect(try String(contentsOfFile: folder.path + "/nightshift-lint2.yml", encoding: .utf8) == "b\n")
    }
}
