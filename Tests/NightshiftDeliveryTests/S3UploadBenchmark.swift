import Foundation
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// Not part of the normal run: scripts/bench-s3 starts moto_server in its own process and sets
/// NIGHTSHIFT_BENCH_S3_ENDPOINT, so the memory measured here is the uploader's alone. For a few
/// file sizes, one PUT against multipart uploads of a few part sizes: seconds, MB/s and the
/// peak resident memory during the upload (it must stay flat: parts are streamed from disk).
@Suite(
    "S3 upload benchmark", .serialized, .temporaryDirectory,
    .enabled(if: ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_S3_ENDPOINT"] != nil, "scripts/bench-s3 runs it"))
struct S3UploadBenchmark {
    static let sizes = (ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_S3_SIZES_MB"] ?? "16,64,256").split(separator: ",").compactMap
    {
        Int($0)
    }

    @Test("single PUT and multipart: time, throughput and peak memory")
    func measure() async throws {
        let endpoint = try #require(ProcessInfo.processInfo.environment["NIGHTSHIFT_BENCH_S3_ENDPOINT"].flatMap(URL.init(string:)))
        let folder = try TemporaryDirectory.make("bench-s3")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let credentials = S3Credentials(accessKeyID: "AKIABENCH", secretAccessKey: "bench", sessionToken: "token")
        try await MotoBucket(endpoint: endpoint, credentials: credentials).create("bench")
        let uploader = S3Uploader(
            http: RetryingHTTPClient(
                transport: URLSessionTransport(), clock: SystemClock(), jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy(attempts: 1)
            ))
        for megabytes in Self.sizes {
            let file = try Self.writeFile(megabytes: megabytes, in: folder)
            let hashing = Date()
            _ = try await S3PartDigest.sha256(of: file, offset: 0, length: Int64(megabytes) << 20)
            print(
                "bench-s3: \(megabytes) MiB: SHA-256 of the whole file (what signing the payloads adds) \(Self.format(Date().timeIntervalSince(hashing))) s"
            )
            let plans: [(String, Int64, Int64)] =
                [("single PUT", Int64.max, 0)]
                + [8, 16, 32].filter { $0 < megabytes }.map { ("multipart \($0) MiB parts", 0, Int64($0) << 20) }
            for (name, threshold, partSize) in plans {
                let request = S3UploadRequest(
                    file: try AbsolutePath(validating: file), object: S3Object(bucket: "bench", key: "prod/AROA:\(megabytes)-\(partSize)"),
                    credentials: credentials, endpoint: endpoint, multipartThreshold: threshold, partSize: max(partSize, 1))
                ProcessUsage.resetPeak()
                let before = ProcessUsage.residentKilobytes
                let started = Date()
                try await uploader.upload(request, log: { _ in })
                let seconds = Date().timeIntervalSince(started)
                let peak = ProcessUsage.peakKilobytes
                print(
                    "bench-s3: \(megabytes) MiB, \(name): \(Self.format(seconds)) s, \(Self.format(Double(megabytes) / seconds)) MiB/s; "
                        + "RSS before \(before / 1024) MB, peak \(peak / 1024) MB, growth \((peak - before) / 1024) MB")
                #expect(peak - before < 64 * 1024, "peak grew by \((peak - before) / 1024) MB")
            }
            try FileManager.default.removeItem(atPath: file)
        }
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    static func writeFile(megabytes: Int, in folder: String) throws -> String {
        let path = folder + "/App-\(megabytes).zip"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ megabytes) })
        for _ in 0..<megabytes { try handle.write(contentsOf: chunk) }
        return path
    }
}
