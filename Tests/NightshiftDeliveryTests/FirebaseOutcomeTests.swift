import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftFakeTransport
import NightshiftTestSupport
import Testing

/// What App Distribution answers beyond a plain success: a binary it already had, a group it
/// does not have.
extension FirebaseUploaderTests {
    func request(_ harness: Harness, groups: [String], log: LineLog) -> UploadRequest {
        UploadRequest(
            file: .test(harness.file),
            parameters: parameters(
                [
                    "app": FakeFirebaseService.app, "access_token": FakeFirebaseService.accessToken, "notes": "again",
                    "endpoint": harness.server.url("").absoluteString,
                ], lists: ["groups": groups]),
            environment: [:], secrets: RunSecrets(secrets: []), log: log.sink)
    }

    @Test("RELEASE_UNMODIFIED (the same binary again) is a success that says so, and notes and groups still go to that release")
    func sameBinaryAgain() async throws {
        let harness = try await harness(result: "RELEASE_UNMODIFIED")
        defer { harness.scratch.remove() }
        let log = LineLog()
        let receipt = try await uploader(harness.server).upload(request(harness, groups: ["qa"], log: log), progress: { _ in })
        #expect(receipt.location == FakeFirebaseService.consoleURL)
        #expect(log.text.contains("Firebase already had this binary (RELEASE_UNMODIFIED): release 1.4 (812)"))
        let calls = harness.server.requests.map { "\($0.method) \($0.path)" }
        #expect(calls.suffix(2) == ["PATCH /v1/\(FakeFirebaseService.release)", "POST /v1/\(FakeFirebaseService.release):distribute"])
    }

    @Test("an unknown group fails with Google's own status and message, not a cut of JSON, and is not retried")
    func unknownGroup() async throws {
        let harness = try await harness()
        defer { harness.scratch.remove() }
        let error = await #expect(throws: UploadError.self) {
            try await uploader(harness.server).upload(request(harness, groups: ["qa", "QA-Team"], log: LineLog()), progress: { _ in })
        }
        let message = error?.description ?? ""
        #expect(error?.reason == .uploadRejected)
        #expect(message.contains("did not distribute release 1.4 (812)"))
        #expect(message.contains("HTTP 400 Bad Request from POST"))
        #expect(message.contains(": INVALID_ARGUMENT: Invalid group alias: QA-Team"))
        #expect(message.contains("named by their alias, which is case-sensitive"))
        #expect(!message.contains("{\"error\""))
        #expect(harness.server.requests.filter { $0.path.hasSuffix(":distribute") }.count == 1)
    }
}
