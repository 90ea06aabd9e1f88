import Foundation
@testable import NightshiftApp
import NightshiftSystem
import Testing

/// `init` keeps `.nightshift/` out of git: it creates `.gitignore`, or appends to it once, and
/// never adds a second line when one already ignores the folder.
@Suite("init's .gitignore")
struct InitGitignoreTests {
    static func files(_ app: AppHarness) -> InitFiles { InitFiles(root: app.folder, folder: app.folder) }

    @Test("created when absent; appended to once, after a last line without a newline; never twice")
    func createdAppendedOnce() throws {
        let fresh = try AppHarness()
        #expect(try Self.files(fresh).ignoreRunFolder() == ".gitignore")
        #expect(fresh.read(".gitignore") == "# nightshift's runs, logs and history\n.nightshift/\n")
        #expect(try Self.files(fresh).ignoreRunFolder() == nil)
        #expect(fresh.read(".gitignore") == "# nightshift's runs, logs and history\n.nightshift/\n")

        let existing = try AppHarness()
        try existing.write("DerivedData/\n*.xcuserstate", to: ".gitignore")
        #expect(try Self.files(existing).ignoreRunFolder() == ".gitignore")
        #expect(existing.read(".gitignore") == "DerivedData/\n*.xcuserstate\n# nightshift's runs, logs and history\n.nightshift/\n")
    }

    @Test("any spelling that already ignores the folder is left alone", arguments: [".nightshift", "/.nightshift/", "  .nightshift/  "])
    func alreadyIgnored(line: String) throws {
        let app = try AppHarness()
        try app.write("build/\n\(line)\n", to: ".gitignore")
        #expect(try Self.files(app).ignoreRunFolder() == nil)
        #expect(app.read(".gitignore") == "build/\n\(line)\n")
    }
}
