import Foundation
import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Not part of the normal run: scripts/bench-upload starts a sink server in another process and
/// sets NIGHTSHIFT_BENCH_UPLOAD_URL, so the peak memory measured here is the uploader's alone.
@Suite(
    "Upload memory benchmark", .enabled(if: ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_UPLOAD_URL"] != nil), .temporaryDirectory)
struct UploadMemoryBenchmark {
    static let size = 200 * 1_000_000

    @Test("a 200 MB PUT keeps the peak resident memory flat")
    func uploadLargeFile() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_UPLOAD_URL"])
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try Self.writeLargeFile(in: scratch)
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": url, "attempts": "1"]), environment: [:], secrets: RunSecrets(secrets: []))
        ProcessUsage.resetPeak()
        let before = ProcessUsage.residentKilobytes
        let started = Date()
        let receipt = try await uploader.upload(request, progress: { _ in })
        let seconds = Date().timeIntervalSince(started)
        let peak = ProcessUsage.peakKilobytes
        print(
            "bench-upload: \(Self.size / 1_000_000) MB in \(String(format: "%.2f", seconds)) s; RSS before \(before / 1024) MB, peak during upload \(peak / 1024) MB, growth \((peak - before) / 1024) MB"
        )
        #expect(receipt.verification?.digest.size == Int64(Self.size))
        #expect(peak - before < 64 * 1024, "peak grew by \((peak - before) / 1024) MB")
    }

    static func writeLargeFile(in scratch: ScratchDirectory) throws -> String {
        let path = (scratch.path as NSString).appendingPathComponent("Large.ipa")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let chunk = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        for _ in 0..<(size / chunk.count) { try handle.write(contentsOf: chunk) }
        return path
    }
}
