import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftServices
import NightshiftSystem

/// Waits for Apple to take a committed upload: the build upload's state until `COMPLETE` (or
/// `FAILED`), then the build's `processingState` until `VALID` (or `INVALID`/`FAILED`). Sleeps on
/// the injected clock, so a lane's timeout or SIGTERM (task cancellation) ends the wait at once.
struct AppStoreConnectProcessing {
    typealias Resources = AppStoreConnectResources

    var client: AppStoreConnectClient
    var clock: any WallClock
    var interval: Duration
    /// How long to wait, from the commit: the upload's own time does not eat into it.
    var waitTimeout: Duration
    /// When to give up, on `clock`; set by `starting(at:)`.
    private(set) var deadline = Date.distantFuture

    init(client: AppStoreConnectClient, clock: any WallClock, interval: Duration, waitTimeout: Duration) {
        self.client = client
        self.clock = clock
        self.interval = interval
        self.waitTimeout = waitTimeout
    }

    /// This wait with its deadline `waitTimeout` after `start`.
    func starting(at start: Date) -> AppStoreConnectProcessing {
        var started = self
        started.deadline = start.addingTimeInterval(waitTimeout.seconds)
        return started
    }

    /// The build's id once its upload is `COMPLETE`. Apple's warnings and infos are logged as
    /// they are; its errors end the upload with them.
    func waitForBuild(upload id: String) async throws -> String {
        var announced: Set<String> = []
        while true {
            let upload = try await client.get(Resources.BuildUpload.self, "v1/buildUploads/\(id)")
            let state = upload.attributes?.state
            for detail in (state?.warnings ?? []).map({ Diagnostic.warning("\($0)", at: nil).description })
                + (state?.infos ?? []).map({ "info: \($0)" })
            where announced.insert(detail).inserted {
                await client.log("App Store Connect \(detail)")
            }
            switch state?.state {
            case "FAILED":
                let errors = (state?.errors ?? []).map(\.description)
                throw UploadError(
                    .testflight,
                    "App Store Connect refused the build (upload \(id), FAILED)"
                        + (errors.isEmpty ? "" : ":\n" + errors.map { "  \($0)" }.joined(separator: "\n")),
                    reason: .uploadRejected)
            case "COMPLETE":
                if let build = upload.relationships?.build?.data?.id { return build }
            default:
                break
            }
            try await pause(waiting: "upload \(id) is \(state?.state ?? "not reported yet")")
        }
    }

    /// The build's final `processingState`: `VALID`, or a thrown `INVALID`/`FAILED`.
    /// The processed build's state and export-compliance answer.
    func waitForProcessing(build id: String) async throws -> (state: String, usesNonExemptEncryption: Bool?) {
        var last: String?
        while true {
            let build = try await client.get(Resources.Build.self, "v1/builds/\(id)")
            let state = build.attributes?.processingState ?? "PROCESSING"
            if state != last { await client.log("App Store Connect: build \(id) is \(state)") }
            last = state
            switch state {
            case "VALID": return (state, build.attributes?.usesNonExemptEncryption)
            case "INVALID", "FAILED":
                throw UploadError(
                    .testflight, "App Store Connect processed build \(id) as \(state); its email to the account holder says why",
                    reason: .uploadRejected)
            default:
                try await pause(waiting: "build \(id) is \(state)")
            }
        }
    }

    private func pause(waiting what: String) async throws {
        let wake = clock.now.addingTimeInterval(interval.seconds)
        guard wake <= deadline else {
            throw UploadError(
                .testflight,
                "gave up waiting after \(DurationFormatting.exact(waitTimeout)): \(what) (raise 'wait_timeout:', or 'wait: false' to stop after the upload)",
                reason: .uploadUnavailable)
        }
        try await clock.sleep(until: wake)
    }
}
