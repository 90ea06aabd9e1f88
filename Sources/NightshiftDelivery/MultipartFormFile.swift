import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// A multipart/form-data body written to a temporary file (boundary, the text fields, the file
/// part with the file copied in chunks, closing boundary), so the transport can stream it from
/// disk like a raw upload. Costs one extra copy on disk, never the file in memory. The file is
/// readable by its owner only: a text field may be a credential (BugSnag's `apiKey`).
struct MultipartFormFile {
    var path: String
    var contentType: String

    static func write(
        file: String, fieldName: String, fields: [(String, String)] = [], in directory: String, destination: UploadDestination = .http
    ) throws -> MultipartFormFile {
        let boundary = "nightshift-\(UUID().uuidString)"
        let path = (directory as NSString).appendingPathComponent("upload-\(UUID().uuidString).multipart")
        let name = (file as NSString).lastPathComponent.replacingOccurrences(of: "\"", with: "_")
        // Non-blocking and regular-only (ReadableFile): a FIFO in a dSYM bundle cannot hold the upload.
        let input: ReadableFile
        do { input = try ReadableFile(path: file) } catch {
            throw UploadError(destination, "cannot read '\(file)': \(error.reason(opening: file))", reason: .missingFile)
        }
        defer { input.close() }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let output = FileHandle(forWritingAtPath: path)
        else {
            throw UploadError(destination, "cannot write a temporary file in '\(directory)'")
        }
        defer { try? output.close() }
        do {
            var head = ""
            for (field, value) in fields {
                head += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n"
            }
            head +=
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(fieldName)\"; filename=\"\(name)\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n"
            try output.write(contentsOf: Data(head.utf8))
            while case let chunk = try input.read(upToCount: FileDigest.chunkSize), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
            try output.write(contentsOf: Data("\r\n--\(boundary)--\r\n".utf8))
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return MultipartFormFile(path: path, contentType: "multipart/form-data; boundary=\(boundary)")
    }
}
