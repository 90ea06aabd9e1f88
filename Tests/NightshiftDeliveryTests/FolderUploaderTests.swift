import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

@Suite("Folder uploader", .temporaryDirectory)
struct FolderUploaderTests {
    @Test("copies under a temporary name, verifies size and SHA-256, renames into place")
    func copiesAtomically() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 3_500_000)
        let share = try scratch.subdirectory("share")
        let progress = ProgressLog()
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["path": share]), environment: [:], secrets: RunSecrets(secrets: []))
        let receipt = try await FolderUploader(clock: ManualClock(), jitter: FixedJitter(unit: 0)).upload(
            request, progress: progress.record)
        let copied = (share as NSString).appendingPathComponent("App.ipa")
        #expect(receipt.location == copied)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copied)) == Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: share) == ["App.ipa"])
        #expect(receipt.verification == .verified(try FileDigest.of(file: file)))
        #expect(progress.all.count == 4)
        #expect(progress.all.last == UploadProgress(bytesSent: 3_500_000, totalBytes: 3_500_000))
    }

    @Test("replaces an older build of the same name")
    func replacesExisting() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let share = try scratch.subdirectory("share")
        let old = (share as NSString).appendingPathComponent("App.ipa")
        try Data("old".utf8).write(to: URL(fileURLWithPath: old))
        let file = try scratch.file("App.ipa", bytes: 1000)
        _ = try await FolderUploader(clock: ManualClock(), jitter: FixedJitter(unit: 0)).upload(
            UploadRequest(file: .test(file), parameters: parameters(["path": share]), environment: [:], secrets: RunSecrets(secrets: [])),
            progress: { _ in })
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)).count == 1000)
    }

    @Test("a destination that is not a directory fails and leaves nothing behind")
    func missingDirectory() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["path": scratch.path + "/nope"]), environment: [:], secrets: RunSecrets(secrets: []))
        let error = await #expect(throws: UploadError.self) {
            try await FolderUploader(clock: ManualClock(), jitter: FixedJitter(unit: 0)).upload(request, progress: { _ in })
        }
        #expect(error?.message.hasSuffix("/nope' is not a directory") == true)
        #expect(scratch.contents() == ["App.ipa"])
    }

    @Test("a copy that cannot be put in place is tried again after backoff:, from scratch, leaving no partial file")
    func retriesAfterBackoff() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 50_000)
        let share = try scratch.subdirectory("share")
        // A non-empty directory where the build should land: rename(2) refuses, even for root.
        let blocker = try scratch.subdirectory("share/App.ipa")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker + "/keep"))
        let clock = ManualClock()
        let log = LineLog()
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["path": share, "backoff": "5s"]), environment: [:], secrets: RunSecrets(secrets: []),
            log: log.sink)
        let upload = Task { try await FolderUploader(clock: clock, jitter: FixedJitter(unit: 0)).upload(request, progress: { _ in }) }
        await clock.waitForSleepers()
        #expect(try FileManager.default.contentsOfDirectory(atPath: share) == ["App.ipa"])
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasPrefix("cannot rename into '\(share)/App.ipa': ") == true)
        #expect(log.lines.first?.hasSuffix("; retrying in 5.0s (attempt 2 of 5)") == true)
        try FileManager.default.removeItem(atPath: blocker)
        clock.advance(by: .seconds(5))
        let receipt = try await upload.value
        #expect(receipt.location == share + "/App.ipa")
        #expect(try Data(contentsOf: URL(fileURLWithPath: share + "/App.ipa")).count == 50_000)
    }

    @Test("when attempts: are spent the last failure is reported with their number")
    func givesUpAfterAttempts() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let share = try scratch.subdirectory("share")
        try Data("x".utf8).write(to: URL(fileURLWithPath: try scratch.subdirectory("share/App.ipa") + "/keep"))
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["path": share, "attempts": "2", "backoff": "0s"]), environment: [:],
            secrets: RunSecrets(secrets: []))
        let error = await #expect(throws: UploadError.self) {
            try await FolderUploader(clock: ManualClock(), jitter: FixedJitter(unit: 0)).upload(request, progress: { _ in })
        }
        #expect(error?.message.hasPrefix("cannot rename into '\(share)/App.ipa'") == true)
        #expect(error?.message.hasSuffix("(after 2 attempts)") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: share) == ["App.ipa"])
    }

    @Test("the SHA-256 is the standard one")
    func digestMatchesKnownValue() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = (scratch.path as NSString).appendingPathComponent("abc")
        try Data("abc".utf8).write(to: URL(fileURLWithPath: file))
        #expect(
            try FileDigest.of(file: file) == FileDigest(size: 3, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        )
    }

    @Test("a FIFO handed to the uploader itself is refused at once, never opened to wait for a writer")
    func fifoSource() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fifo = scratch.path + "/App.ipa"
        _ = try NotAFile.fifo.make(at: fifo)
        let share = try scratch.subdirectory("share")
        let request = UploadRequest(
            file: .test(fifo), parameters: parameters(["path": share, "attempts": "1"]), environment: [:], secrets: RunSecrets(secrets: []))
        let failure = await #expect(throws: UploadError.self) {
            _ = try await FolderUploader(clock: ManualClock(), jitter: FixedJitter(unit: 0)).upload(request, progress: { _ in })
        }
        #expect(failure?.message == "cannot read '\(fifo)': it is a FIFO")
        #expect(try FileManager.default.contentsOfDirectory(atPath: share) == [])
    }
}
