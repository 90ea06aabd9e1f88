import Crypto
import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// Not part of the normal run: scripts/bench-upload starts scripts/bench-upload-asc.py in another
/// process and sets NIGHTSHIFT_BENCH_ASC_ENDPOINT. Prints the throughput of a 200 MB upload through
/// the App Store Connect API path with 1 part at a time and with 4, and the peak memory growth.
@Suite(
    "App Store Connect upload benchmark", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_ASC_ENDPOINT"] != nil),
    .temporaryDirectory)
struct AppStoreConnectUploadBenchmark {
    @Test("200 MB in parts, 1 and 4 at a time: throughput, and memory stays flat", arguments: [1, 4])
    func throughput(concurrency: Int) async throws {
        let endpoint = try #require(ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_ASC_ENDPOINT"])
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try UploadMemoryBenchmark.writeLargeFile(in: scratch)
        let shell = await AppStoreConnectUploadTests.unzip()
        let clock = SystemClock()
        let uploader = TestFlightUploader(
            shell: shell, clock: clock, temporaryDirectory: scratch.path,
            client: { RetryingHTTPClient(transport: URLSessionTransport(), clock: clock, jitter: FixedJitter(unit: 0), policy: $0) },
            partConcurrency: concurrency)
        let request = UploadRequest(
            file: .test(file),
            parameters: parameters([
                "key_id": "BENCHKEY01", "issuer_id": "bench", "private_key": P256.Signing.PrivateKey().pemRepresentation,
                "endpoint": endpoint, "app_id": "1",
                "wait": "false", "attempts": "1",
            ]), environment: [:], secrets: RunSecrets(secrets: []))
        ProcessUsage.resetPeak()
        let before = ProcessUsage.residentKilobytes
        let started = Date()
        _ = try await uploader.upload(request, progress: { _ in })
        let seconds = Date().timeIntervalSince(started)
        let peak = ProcessUsage.peakKilobytes
        let megabytes = Double(UploadMemoryBenchmark.size) / 1_000_000
        print(
            "bench-upload (App Store Connect API, \(concurrency) part\(concurrency == 1 ? "" : "s") at a time): "
                + "\(Int(megabytes)) MB in \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", megabytes / seconds)) MB/s "
                + "(the SHA-256 pass included); peak RSS growth \((peak - before) / 1024) MB")
        #expect(peak - before < 96 * 1024, "peak grew by \((peak - before) / 1024) MB")
    }
}
