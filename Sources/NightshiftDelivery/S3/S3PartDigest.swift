import Crypto
import Foundation
import NightshiftCore
import NightshiftSystem

/// The SHA-256 of bytes `[offset, offset + length)` of a file, read 1 MiB at a time (flat
/// memory), for the signed payload hash of one part. Run through `BlockingWork`: a 64 MiB part
/// takes tens of milliseconds of reading and hashing.
enum S3PartDigest {
    static func sha256(of path: String, offset: Int64, length: Int64) async throws(S3Error) -> String {
        let result = await BlockingWork.run { () -> Result<String, S3Error> in
            Result { () throws(S3Error) -> String in try hash(path, offset: offset, length: length) }
        }
        return try result.get()
    }

    private static func hash(_ path: String, offset: Int64, length: Int64) throws(S3Error) -> String {
        let file = try S3LocalFile.open(path)
        defer { file.close() }
        guard offset >= 0, length >= 0, offset + length <= file.size else {
            throw S3Error(.localFile, "'\(path)' holds \(file.size) bytes, fewer than the upload expected: it changed during the upload")
        }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: min(Int(max(length, 1)), FileDigest.chunkSize))
        var remaining = length
        do {
            try file.seek(to: offset)
        } catch {
            throw S3Error(.localFile, error.description)
        }
        while remaining > 0 {
            let wanted = Int(min(Int64(buffer.count), remaining))
            let read = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) -> Int in try file.read(into: raw.baseAddress!, count: wanted) }
            }
            let count: Int
            switch read {
            case .success(let bytes): count = bytes
            case .failure(let error): throw S3Error(.localFile, error.description)
            }
            guard count > 0 else { throw S3Error(.localFile, "'\(path)' ended early: it changed during the upload") }
            hasher.update(data: buffer[0..<count])
            remaining -= Int64(count)
        }
        return hasher.finalize().hexString
    }
}
