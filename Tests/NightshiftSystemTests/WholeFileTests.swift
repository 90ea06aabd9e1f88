import Foundation
import NightshiftTestSupport
import Testing
@testable import NightshiftSystem

/// Files nightshift did not necessarily write (journals, earlier durations, tools' results) are
/// read whole only when they are regular files within a size.
@Suite("WholeFile", .temporaryDirectory)
struct WholeFileTests {
    let folder: String

    init() throws {
        folder = try TemporaryDirectory.make("whole-file")
    }

    @Test("a regular file within the limit is read whole, through a symlink too")
    func regular() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "journal".write(toFile: folder + "/journal.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: "journal.json")
        #expect(try WholeFile.contents(of: folder + "/journal.json", atMost: 7) == Data("journal".utf8))
        #expect(try WholeFile.contents(of: folder + "/link.json", atMost: 7) == Data("journal".utf8))
    }

    @Test("a file one byte over the limit is refused with its size, before its bytes are read")
    func tooLarge() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "journal!".write(toFile: folder + "/journal.json", atomically: false, encoding: .utf8)
        #expect(throws: WholeFile.ReadError.tooLarge(size: 8)) { try WholeFile.contents(of: folder + "/journal.json", atMost: 7) }
    }

    @Test("a FIFO, a device, a folder and nothing at all are refused without blocking")
    func notRegular() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        // No writer ever opens the FIFO: opening it for reading would wait for ever.
        #expect(throws: WholeFile.ReadError.notARegularFile) { try WholeFile.contents(of: folder + "/fifo", atMost: 1 << 20) }
        #expect(throws: WholeFile.ReadError.notARegularFile) { try WholeFile.contents(of: "/dev/zero", atMost: 1 << 20) }
        #expect(throws: WholeFile.ReadError.notARegularFile) { try WholeFile.contents(of: folder, atMost: 1 << 20) }
        #expect(throws: WholeFile.ReadError.absent) { try WholeFile.contents(of: folder + "/missing", atMost: 1 << 20) }
    }
}
