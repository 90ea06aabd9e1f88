import Foundation
import NightshiftSystem

/// What a multipart upload has done so far, as `S3UploadRequest.progressFile` keeps it: which
/// upload (S3's UploadId) for which object and file size, cut into which part size, and the
/// parts S3 took with their ETags. No credential: those stay with the caller.
struct S3MultipartProgress: Codable, Sendable, Equatable {
    var bucket: String
    var key: String
    var size: Int64
    var partSize: Int64
    var uploadID: String
    /// Part number (as text: JSON keys are strings) → the ETag S3 answered.
    var parts: [String: String]

    func belongs(to object: S3Object, size: Int64, partSize: Int64) -> Bool {
        bucket == object.bucket && key == object.key && self.size == size && self.partSize == partSize
    }
}

/// The owner-only state file, rewritten (beside itself, then renamed over) after each part, so
/// that a process killed at any moment leaves the parts S3 confirmed before the kill.
actor S3UploadProgressFile {
    let path: AbsolutePath?
    private var current: S3MultipartProgress?

    /// Larger than any real state (10,000 parts): a bigger file is not ours.
    static let maximumSize: Int64 = 4 << 20

    init(path: AbsolutePath?) {
        self.path = path
    }

    /// What an earlier process recorded, if the file is there and readable; a FIFO or a
    /// folder in its place is not read (nor waited on).
    func load() -> S3MultipartProgress? {
        guard let path, let file = try? ReadableFile(path: path.string) else { return nil }
        defer { file.close() }
        guard file.size <= Self.maximumSize else { return nil }
        let total = Int(file.size)
        var bytes = [UInt8](repeating: 0, count: total)
        var filled = 0
        while filled < total {
            let count = (try? bytes.withUnsafeMutableBytes { try file.read(into: $0.baseAddress! + filled, count: total - filled) }) ?? 0
            guard count > 0 else { return nil }
            filled += count
        }
        return try? JSONDecoder().decode(S3MultipartProgress.self, from: Data(bytes))
    }

    func start(_ progress: S3MultipartProgress) throws(S3Error) {
        current = progress
        try write()
    }

    func finished(part: Int, etag: String) throws(S3Error) {
        current?.parts[String(part)] = etag
        try write()
    }

    func parts() -> [Int: String] {
        Dictionary(uniqueKeysWithValues: (current?.parts ?? [:]).compactMap { key, value in Int(key).map { ($0, value) } })
    }

    /// Completed or abandoned: nothing left to continue.
    func remove() {
        current = nil
        if let path { try? FileManager.default.removeItem(atPath: path.string) }
    }

    private func write() throws(S3Error) {
        guard let path, let current else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let bytes = try encoder.encode(current)
            try DurableFile.replace(path.string, with: [UInt8](bytes), sync: false, permissions: 0o600)
        } catch {
            throw S3Error(.localFile, "cannot record the upload's progress in '\(path)': \(error)")
        }
    }
}
