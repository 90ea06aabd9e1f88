import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("a regular file read in chunks", .temporaryDirectory)
struct ReadableFileTests {
    @Test("chunks of the size asked for, the rest last, then empty at the end")
    func chunks() throws {
        let folder = try TemporaryDirectory.make("readable-file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/App.ipa"
        let bytes = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let file = try ReadableFile(path: path)
        defer { file.close() }
        var chunks: [Data] = []
        while case let chunk = try file.read(upToCount: 4_096), !chunk.isEmpty { chunks.append(chunk) }
        #expect(chunks.map(\.count) == [4_096, 4_096, 1_808])
        #expect(chunks.reduce(Data(), +) == bytes)
        #expect(file.size == 10_000)
    }
}
