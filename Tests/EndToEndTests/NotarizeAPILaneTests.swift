import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// `notarize:` over the Notary REST API through the built binary, against the fake notary
/// service (`NOTARY_API_ENDPOINT`) and a loopback S3 (`NOTARY_S3_ENDPOINT`): a run killed while
/// its upload is in flight is continued by the next, which submits nothing.
@Suite("nightshift run notarizing through the Notary API, end to end", .temporaryDirectory)
struct NotarizeAPILaneTests {
    static let bytes = "signed disk image"

    @Test("SIGKILL during the upload: --resume uploads the same file to the same object and submits nothing")
    func killedDuringUpload() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lanes = """
            project: { name: Demo }
            lanes:
              mac:
                steps:
                  - sh: echo $PPID > nightshift.pid && mkdir -p build && printf '\(Self.bytes)' > build/App.dmg
                  - notarize: { file: build/App.dmg, poll: 1s }
            """
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        // The service checks each token's times against its clock: the binary signs on the real one.
        let service = try await FakeNotaryService(clock: SystemClock())
        let stalling = LockedValue(true)
        // The first run's PUT is held unanswered until the run is killed: an upload in flight.
        let s3 = try await LocalHTTPServer { _, _ in
            for _ in 0..<2_400 where stalling.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(50)) }
            return .status(200)
        }
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": directory, "NOTARY_API_ENDPOINT": service.endpoint,
            "NOTARY_S3_ENDPOINT": s3.url("").absoluteString, "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeNotaryService.keyID,
            "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeNotaryService.issuerID, "APP_STORE_CONNECT_API_KEY_KEY": service.pem,
        ]
        async let first = NightshiftBinary.run(["run", "mac"], in: directory, environment: environment)
        let pid = try await SignalTests.waitForPID(in: directory + "/nightshift.pid")
        // A real process's pace: real time.
        await waitUntil("the upload reaches S3", checkingEvery: .milliseconds(25)) { !s3.requests.isEmpty }
        kill(pid, SIGKILL)
        #expect(try await first.exitCode != 0)
        stalling.withLock { $0 = false }
        #expect(service.submissions == 1)

        let resumed = try await NightshiftBinary.run(["run", "mac", "--resume"], in: directory, environment: environment)
        let shown = resumed.standardOutput + resumed.standardError
        await s3.stop()
        await service.stop()
        #expect(resumed.exitCode == 0, "\(shown)")
        #expect(shown.contains("using it, not submitting again"), "\(shown)")
        #expect(service.submissions == 1, "submitted once across both runs")
        #expect(service.problems == [])
        let puts = s3.requests.filter { $0.method == "PUT" }
        #expect(puts.count == 2, "\(s3.requests.map { "\($0.method) \($0.path)" })")
        #expect(puts.allSatisfy { $0.path == "/\(FakeNotaryService.bucket)/\(FakeNotaryService.object)" }, "\(puts.map(\.path))")
        #expect(puts.last.map { String(decoding: $0.body, as: UTF8.self) } == Self.bytes)
        #expect(!shown.contains(FakeNotaryService.secretAccessKey) && !shown.contains(FakeNotaryService.sessionToken))
    }
}
