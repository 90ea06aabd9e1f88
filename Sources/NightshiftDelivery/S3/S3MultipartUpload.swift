import Foundation
import NightshiftSystem

/// One file sent as an S3 multipart upload: CreateMultipartUpload (or the upload an earlier
/// process recorded in the progress file, whose parts ListParts confirms), UploadPart for each
/// part not yet in S3 (at most `concurrency` at once, each streamed from disk and retried on its
/// own), CompleteMultipartUpload.
///
/// A crash, a lost connection or expired credentials keep the upload and its progress file for
/// a later process; only an upload that can never be completed (S3 refused a part, the file
/// changed) is aborted, so that S3 does not keep its parts.
struct S3MultipartUpload: Sendable {
    var requests: S3Requests
    var file: String
    var size: Int64
    var partSize: Int64
    var progress: S3UploadProgressFile
    var concurrency: Int
    var log: @Sendable (String) async -> Void

    var partCount: Int { Int((size + partSize - 1) / partSize) }

    func length(ofPart number: Int) -> Int64 { min(partSize, size - Int64(number - 1) * partSize) }

    func run() async throws(S3Error) {
        let (uploadID, done) = try await upload()
        let missing = (1...partCount).filter { done[$0] == nil }
        await log("multipart upload to \(requests.object): \(partCount) parts of \(partSize) bytes, \(missing.count) to send")
        do {
            try await send(missing, of: uploadID)
            try await requests.complete(uploadID, parts: await progress.parts())
        } catch {
            try await giveUpIfHopeless(uploadID, error)
        }
        await progress.remove()
    }

    /// The upload to continue, with the parts S3 already holds, or a new one.
    private func upload() async throws(S3Error) -> (String, [Int: String]) {
        if let previous = await progress.load() {
            if previous.belongs(to: requests.object, size: size, partSize: partSize) {
                if let listed = try await requests.listParts(of: previous.uploadID) {
                    // What S3 lists is what it holds: a part is listed only once it arrived whole, and its
                    // bytes matched the signed SHA-256. A part of another length is sent again.
                    let done = listed.filter { $0.key <= partCount && $0.value.size == length(ofPart: $0.key) }.mapValues(\.etag)
                    await log(
                        "continuing multipart upload to \(requests.object) recorded in \(progress.path?.string ?? "the progress file"): "
                            + "\(done.count) of \(partCount) parts already in S3")
                    try await progress.start(
                        S3MultipartProgress(
                            bucket: requests.object.bucket, key: requests.object.key, size: size, partSize: partSize,
                            uploadID: previous.uploadID, parts: Dictionary(uniqueKeysWithValues: done.map { (String($0.key), $0.value) })))
                    return (previous.uploadID, done)
                }
                await log("S3 no longer knows the multipart upload recorded for \(requests.object): starting it again")
            } else if previous.bucket == requests.object.bucket, previous.key == requests.object.key {
                // The same object from a file of another size or cut: those parts can never complete it.
                await log("the recorded multipart upload to \(requests.object) was of a different file: aborting it and starting again")
                try? await requests.abort(previous.uploadID)
            }
        }
        let uploadID = try await requests.createMultipartUpload()
        try await progress.start(
            S3MultipartProgress(
                bucket: requests.object.bucket, key: requests.object.key, size: size, partSize: partSize, uploadID: uploadID, parts: [:]))
        return (uploadID, [:])
    }

    /// Sends `parts`, `concurrency` at a time, recording each as S3 confirms it. The first
    /// failure cancels the rest.
    private func send(_ parts: [Int], of uploadID: String) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var queue = parts.makeIterator()
            func startNext() {
                guard let number = queue.next() else { return }
                group.addTask { try await sendPart(number, of: uploadID) }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while try await group.next() != nil { startNext() }
        }
    }

    private func sendPart(_ number: Int, of uploadID: String) async throws(S3Error) {
        let offset = Int64(number - 1) * partSize
        let length = length(ofPart: number)
        let sha256 = try await S3PartDigest.sha256(of: file, offset: offset, length: length)
        let etag = try await requests.uploadPart(
            number, of: uploadID, file: file, offset: offset, length: length, sha256: sha256, progress: { _, _ in })
        try await progress.finished(part: number, etag: etag)
    }

    /// Rethrows `error`; first aborts the upload when no later attempt could complete it.
    private func giveUpIfHopeless(_ uploadID: String, _ error: any Error) async throws(S3Error) -> Never {
        guard let failure = error as? S3Error else {
            // Cancelled (an interrupt): as after a crash, the upload stays to be continued.
            throw S3Error(.unavailable, "the upload to \(requests.object) was interrupted; the parts sent so far are kept")
        }
        switch failure.kind {
        case .rejected, .localFile:
            try? await requests.abort(uploadID)
            await progress.remove()
            throw S3Error(failure.kind, failure.message + " (the multipart upload was aborted)", code: failure.code, status: failure.status)
        case .credentials, .clockSkew, .unavailable:
            if let path = progress.path {
                await log("the parts S3 confirmed are recorded in \(path): a later run continues the upload from there")
            }
            throw failure
        }
    }
}
