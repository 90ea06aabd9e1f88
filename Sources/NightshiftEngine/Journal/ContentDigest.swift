import Crypto
import Foundation

/// SHA-256 of text, files and folders, read in chunks so memory stays flat for a multi-gigabyte
/// .xcarchive.
enum ContentDigest {
    static let chunkSize = 1 << 20

    static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).hexString
    }

    /// The artifact at `path` as it is now; nil when nothing is there (or it cannot be read).
    static func artifact(at path: String) -> JournalArtifact? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            return directory(path).map { JournalArtifact(path: path, size: $0.size, sha256: $0.sha256, directory: true) }
        }
        return file(path).map { JournalArtifact(path: path, size: $0.size, sha256: $0.sha256, directory: false) }
    }

    static func file(_ path: String) -> (size: Int64, sha256: String)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size: Int64 = 0
        do {
            while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
                hasher.update(data: chunk)
                size += Int64(chunk.count)
            }
        } catch {
            return nil
        }
        return (size, hasher.finalize().hexString)
    }

    /// A folder's digest: each entry's relative path and kind, in sorted order, with a file's
    /// size and content digest and a link's target (not followed: a link out of the archive is
    /// not the archive's content). Size is the sum of the files'.
    static func directory(_ path: String) -> (size: Int64, sha256: String)? {
        let manager = FileManager.default
        guard let entries = manager.subpaths(atPath: path) else { return nil }
        var hasher = SHA256()
        var size: Int64 = 0
        for entry in entries.sorted() {
            let full = "\(path)/\(entry)"
            guard let type = (try? manager.attributesOfItem(atPath: full))?[.type] as? FileAttributeType else { return nil }
            let line: String
            switch type {
            case .typeDirectory: line = "d \(entry)"
            case .typeSymbolicLink: line = "l \(entry) -> \((try? manager.destinationOfSymbolicLink(atPath: full)) ?? "")"
            case .typeRegular:
                guard let digest = file(full) else { return nil }
                size += digest.size
                line = "f \(entry) \(digest.size) \(digest.sha256)"
            default: line = "o \(entry)"
            }
            hasher.update(data: Data((line + "\n").utf8))
        }
        return (size, hasher.finalize().hexString)
    }
}

extension Sequence<UInt8> {
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ContentDigest {
    static func sha256(bytes: Data) -> String {
        SHA256.hash(data: bytes).hexString
    }
}
