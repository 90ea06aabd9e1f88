import Foundation
import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftTestSupport
import Testing

@Suite("multipart bodies on disk", .temporaryDirectory)
struct MultipartFormFileTests {
    @Test("the body holds the fields and the file's bytes between its boundaries, readable by its owner only")
    func body() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.path + "/App.dSYM.zip"
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: file))
        let form = try MultipartFormFile.write(file: file, fieldName: "dsym", fields: [("apiKey", "k")], in: scratch.path)
        let written = try Data(contentsOf: URL(fileURLWithPath: form.path))
        let boundary = try #require(form.contentType.components(separatedBy: "boundary=").last)
        let head = Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"apiKey\"\r\n\r\nk\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"dsym\"; filename=\"App.dSYM.zip\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        #expect(written == head + bytes + Data("\r\n--\(boundary)--\r\n".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: form.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a FIFO, a device or a folder as the file fails at once, never opened to wait for a writer", arguments: NotAFile.allCases)
    func notARegularFile(kind: NotAFile) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (file, reason) = try scratch.notAFile(kind, named: "App.dSYM")
        let folder = try scratch.subdirectory("forms")
        let failure = #expect(throws: UploadError.self) {
            _ = try MultipartFormFile.write(file: file, fieldName: "dsym", in: folder, destination: .bugsnag)
        }
        #expect(failure?.message == "cannot read '\(file)': \(reason)")
        #expect(failure?.reason == .missingFile)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }
}
