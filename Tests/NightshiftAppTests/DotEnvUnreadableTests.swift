import Foundation
import NightshiftApp
import NightshiftTestSupport
import Testing

/// Issue #38 §16: a `.env` that was a FIFO, a device or 70 MB said only "cannot read .env", where
/// lanes.yml said why. Every file read through `WholeFile` now says it in the same words.
@Suite("run: a .env that cannot be read says why, as lanes.yml does")
struct DotEnvUnreadableTests {
    @Test(
        "a FIFO, a device, a 70 MB file and a folder at .env: the reason, exit 2, nothing run",
        arguments: ["fifo", "device", "large", "folder"])
    func reason(kind: String) async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let path = app.directory + "/.env"
        let reason: String
        switch kind {
        case "large":
            // Sparse: 70 MB that cost no disk.
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 70_000_000)
            try handle.close()
            reason = "it is 70000000 bytes, more than \(64 << 20)"
        default:
            reason = try #require(NotAFile(rawValue: kind)).make(at: path)
        }
        #expect(await app.run("lint") == 2)
        #expect(app.standardError == ".env: error: cannot read .env: \(reason)\n", "\(app.standardError)")
        #expect(await app.shell.commands.isEmpty)
    }
}
