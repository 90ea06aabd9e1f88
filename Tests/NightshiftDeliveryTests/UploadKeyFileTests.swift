import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftServices
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The files an upload's settings name besides the file it sends: key files and release notes.
/// They are read as every other file nightshift reads is: regular files only, opened without
/// blocking (read against the run's folder: `UploadStepPerformerTests`).
@Suite("Upload key files and notes files", .temporaryDirectory)
struct UploadKeyFileTests {
    @Test("a FIFO, a device or a folder as a key or notes file fails at once, saying what it is", arguments: NotAFile.allCases)
    func notARegularFile(kind: NotAFile) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (path, reason) = try scratch.notAFile(kind, named: "AuthKey.p8")
        #expect(throws: AppStoreConnectError(.unreadableKey, "cannot read the App Store Connect key '\(path)': \(reason)")) {
            try AppStoreConnectKey.pem(path)
        }
        let failure = #expect(throws: UploadError.self) { try GoogleServiceAccount.load(path) }
        #expect(failure?.message == "cannot read the service account key '\(path)': \(reason)")
    }
}
