import Crypto
import Foundation
public import NightshiftCore
public import NightshiftSchema
public import NightshiftSystem

/// `upload: { to: folder, path: /Volumes/builds/nightly }`: copies the file into a directory
/// (often a network share) under a temporary name, checks size and SHA-256 of what landed, then
/// renames it into place, so readers of the folder never see half a file. A copy that fails
/// (a share that hiccups, a copy that does not match) is tried again after `backoff:`, doubling,
/// up to `attempts:` in all, like the network uploads.
public struct FolderUploader: DestinationUploader {
    public var clock: any WallClock
    public var jitter: any JitterSource

    public init(clock: any WallClock, jitter: any JitterSource) {
        self.clock = clock
        self.jitter = jitter
    }

    public func upload(
        _ request: UploadRequest, settings: FolderSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let policy = settings.retry
        let directory = try Self.directory(settings.path)
        let run = try await RetryLoop(schedule: policy, jitter: jitter).run(
            attempt: { _ -> Result<UploadReceipt, UploadError> in
                do {
                    return .success(try await copyOnce(request.file, into: directory, progress: progress))
                } catch let error as UploadError {
                    return .failure(error)
                }
            },
            retry: { outcome, _ in
                guard case .failure(let error) = outcome else { return nil }
                return RetryLoop.Decision(reason: error.message)
            },
            announce: { await request.log($0.description) },
            sleep: RetryLoop.sleeping(on: clock))
        if case .failure(let error) = run.outcome, policy.attempts > 1 {
            throw UploadError(.folder, error.message + " (after \(policy.attempts) attempts)", reason: error.reason)
        }
        return try run.outcome.get()
    }

    /// One copy, verification and rename; leaves no partial file behind when it fails.
    private func copyOnce(
        _ file: AbsolutePath, into directory: AbsolutePath, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let name = file.lastComponent
        let destination = directory.appending(name).string
        let partial = directory.appending(".\(name).\(UUID().uuidString).partial").string
        do {
            let written = try await Self.copy(from: file.string, to: partial, progress: progress)
            let landed = try FileDigest.of(file: partial)
            guard landed == written else {
                throw UploadError(
                    .folder, "'\(destination)' does not match after copying (sent \(written), found \(landed))", reason: .uploadUnverified)
            }
            try Self.moveIntoPlace(partial, to: destination)
            return UploadReceipt(location: destination, verification: .verified(landed))
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            if error is UploadError || error is CancellationError { throw error }
            throw UploadError(.folder, "cannot copy to '\(destination)': \(error.localizedDescription)")
        }
    }

    /// `path:`, which the upload step has read against the run's folder; a directory.
    private static func directory(_ path: String) throws(UploadError) -> AbsolutePath {
        let directory: AbsolutePath
        do { directory = try AbsolutePath(validating: path) } catch {
            throw UploadError(.folder, "'path:' is not a usable folder: \(error)", reason: .invalidSetting)
        }
        guard FileKind.of(directory.string, followingLinks: true) == .directory else {
            throw UploadError(.folder, "'\(path)' is not a directory", reason: .missingFile)
        }
        return directory
    }

    /// Copies in chunks, hashing what it writes; returns the digest of the bytes written.
    private static func copy(
        from source: String, to target: String, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> FileDigest {
        // Non-blocking and regular-only (ReadableFile): a FIFO swapped in cannot hold the copy.
        let input: ReadableFile
        do { input = try ReadableFile(path: source) } catch {
            throw UploadError(.folder, "cannot read '\(source)': \(error.reason(opening: source))", reason: .missingFile)
        }
        defer { input.close() }
        let total = input.size
        guard FileManager.default.createFile(atPath: target, contents: nil),
            let output = FileHandle(forWritingAtPath: target)
        else {
            throw UploadError(.folder, "cannot write '\(target)'")
        }
        defer { try? output.close() }
        var hasher = SHA256()
        var written: Int64 = 0
        while case let chunk = try input.read(upToCount: FileDigest.chunkSize), !chunk.isEmpty {
            try Task.checkCancellation()
            try output.write(contentsOf: chunk)
            hasher.update(data: chunk)
            written += Int64(chunk.count)
            progress(UploadProgress(bytesSent: written, totalBytes: total))
        }
        try output.synchronize()
        return FileDigest(size: written, sha256: hasher.finalize().hexString)
    }

    /// Atomic within one file system, and it replaces an older build of the same name.
    private static func moveIntoPlace(_ source: String, to destination: String) throws {
        do {
            try FileRename.replace(destination, with: source)
        } catch {
            throw UploadError(.folder, error.description)
        }
    }
}
