import Foundation
import NightshiftTestSupport
import Testing
@testable import NightshiftSystem

/// Issue #38 §14: the files nightshift writes before renaming them into place are made
/// exclusively, under names of their own, never through a link.
@Suite("TemporaryFile", .temporaryDirectory)
struct TemporaryFileTests {
    let folder: String

    init() throws {
        folder = try TemporaryDirectory.make("temporary")
    }

    @Test("each temporary file is new, beside its destination, owner-only when asked; a link planted at a name is never written through")
    func exclusive() throws {
        let first = try TemporaryFile.create(beside: folder + "/journal.json", permissions: 0o600)
        let second = try TemporaryFile.create(beside: folder + "/journal.json", permissions: 0o600)
        defer {
            close(first.descriptor)
            close(second.descriptor)
        }
        #expect(first.path != second.path)
        #expect(first.path.hasPrefix(folder + "/.journal.json."))
        let mode = try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
