import Crypto
import Foundation
import NightshiftCore
import NightshiftSchema

/// A file's size and SHA-256, read in chunks so memory stays flat for any file size.
public struct FileDigest: Sendable, Hashable, CustomStringConvertible {
    public var size: Int64
    /// Lowercase hex.
    public var sha256: String

    public init(size: Int64, sha256: String) {
        self.size = size
        self.sha256 = sha256
    }

    public static let chunkSize = 1 << 20

    public static func of(file path: String) throws -> FileDigest {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UploadError(named: "file", "cannot read '\(path)'", reason: .missingFile)
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size: Int64 = 0
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            hasher.update(data: chunk)
            size += Int64(chunk.count)
        }
        return FileDigest(size: size, sha256: hasher.finalize().hexString)
    }

    static func size(of path: String) -> Int64? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.int64Value
    }

    public var description: String { "size \(size) bytes, sha256 \(sha256)" }
}

extension Sequence<UInt8> {
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
