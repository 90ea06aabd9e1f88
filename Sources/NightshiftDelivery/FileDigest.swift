import Foundation
import NightshiftCore
import NightshiftEngine
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

    /// How much the uploads read and write at once.
    public static let chunkSize = 1 << 20

    /// The one file digester (the journal's, `ContentDigest`): opened non-blocking and refused
    /// unless a regular file, so a FIFO or device at an upload's path cannot hang the step.
    public static func of(file path: String) throws -> FileDigest {
        guard let digest = ContentDigest.file(path) else {
            throw UploadError(named: "file", "cannot read '\(path)' as a regular file", reason: .missingFile)
        }
        return FileDigest(size: digest.size, sha256: digest.sha256)
    }

    static func size(of path: String) -> Int64? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.int64Value
    }

    public var description: String { "size \(size) bytes, sha256 \(sha256)" }
}
