import Foundation
import NightshiftKit
import NightshiftTestSupport
import Testing

@Suite("Folder uploader")
struct FolderUploaderTests {
    @Test("copies under a temporary name, verifies size and SHA-256, renames into place")
    func copiesAtomically() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 3_500_000)
        let share = try scratch.subdirectory("share")
        let progress = ProgressLog()
        let request = UploadRequest(file: file, parameters: parameters(["path": share]), environment: [:])
        let receipt = try await FolderUploader().upload(request, progress: progress.record)
        let copied = (share as NSString).appendingPathComponent("App.ipa")
        #expect(receipt.location == copied)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copied)) == Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: share) == ["App.ipa"])
        #expect(receipt.verification == (try FileDigest.of(file: file)).description)
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
        _ = try await FolderUploader().upload(UploadRequest(file: file, parameters: parameters(["path": share]), environment: [:]), progress: { _ in })
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)).count == 1000)
    }

    @Test("a destination that is not a directory fails and leaves nothing behind")
    func missingDirectory() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let request = UploadRequest(file: file, parameters: parameters(["path": scratch.path + "/nope"]), environment: [:])
        let error = await #expect(throws: UploadError.self) { try await FolderUploader().upload(request, progress: { _ in }) }
        #expect(error?.message.hasSuffix("/nope' is not a directory") == true)
        #expect(scratch.contents() == ["App.ipa"])
    }

    @Test("the SHA-256 is the standard one")
    func digestMatchesKnownValue() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = (scratch.path as NSString).appendingPathComponent("abc")
        try Data("abc".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try FileDigest.of(file: file) == FileDigest(size: 3, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    }
}
