import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSchema
import NightshiftServices
import NightshiftSystem

/// `upload: { to: testflight }` through App Store Connect's REST API ("Uploading assets to App
/// Store Connect", API 4.1): reserve a build upload and its file, send the parts Apple asks for,
/// commit with the SHA-256, wait for processing, then What to Test, groups and review.
struct AppStoreConnectUpload {
    typealias Resources = AppStoreConnectResources

    var client: AppStoreConnectClient
    var parts: UploadPartSender
    var processing: AppStoreConnectProcessing
    var settings: TestFlightSettings
    var file: AbsolutePath
    var bundle: IPABundleInfo
    /// Where the reservation is kept for a later run to continue; nil: not kept.
    var reservations: ReservationStore?
    var clock: any WallClock
    /// The step's note: the build this upload made, for a later `release:` step.
    var journal: StepJournalNotes = .none
    var log: @Sendable (String) async -> Void

    func run(progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> UploadReceipt {
        let digest = try FileDigest.of(file: file.string)
        let appID = try await appID()
        let testFlight = TestFlightDistribution(client: client, settings: settings, app: appID, log: log)
        let groups = try await testFlight.groupIDs()
        let reservation = try await reservation(app: appID, digest: digest)
        let (uploadID, operations) = (reservation.uploadID, reservation.operations)
        let missing = operations.count - reservation.finishedParts.count
        await log("App Store Connect build upload \(uploadID): sending \(missing) part\(missing == 1 ? "" : "s")")
        let store = reservations
        try await parts.send(
            operations, fileSize: digest.size, done: reservation.finishedParts, progress: progress,
            finished: { part in
                // A reservation that cannot be written only costs the resume, not the upload.
                try? await store?.finished(part: part)
            })
        try await commit(file: reservation.fileID, digest: digest)
        var note = UploadedBuildNote(
            bundleID: bundle.bundleID, appID: appID, number: bundle.version, version: bundle.shortVersion, platform: settings.apiPlatform)
        await journal.record(note.values)
        await store?.remove()
        guard settings.wait else {
            await log("committed build upload \(uploadID); not waiting for Apple's processing ('wait: false')")
            return UploadReceipt(location: "App Store Connect build upload \(uploadID)", verification: .sent(digest))
        }
        let processing = processing.starting(at: clock.now)
        let buildID = try await processing.waitForBuild(upload: uploadID)
        note.buildID = buildID
        await journal.record(note.values)
        let (state, encryption) = try await processing.waitForProcessing(build: buildID)
        try await ExportCompliance(client: client, log: log).answer(
            build: buildID, app: appID, platform: settings.apiPlatform, current: encryption, setting: settings.encryption)
        try await testFlight.apply(to: buildID, groups: groups)
        var statement = "build \(bundle.displayVersion) \(state) in App Store Connect"
        if !settings.groups.isEmpty { statement += ", in groups \(settings.groups.joined(separator: ", "))" }
        if settings.submitForReview { statement += ", submitted for beta review" }
        return UploadReceipt(
            location: "App Store Connect build \(buildID)", verification: .confirmed(digest, statement),
            details: ["build_id": buildID, "processing_state": state, "build_upload_id": uploadID])
    }

    /// `app_id:`, else the app whose bundle id is exactly the .ipa's. Matched exactly, not by
    /// prefix: altool's prefix match picked the wrong app (fastlane#29698).
    private func appID() async throws -> String {
        if let id = settings.appID { return id }
        return try await client.appID(bundleID: bundle.bundleID)
    }

    /// The reservation an earlier run of this lane left for the same bytes, while Apple still
    /// awaits them; else a new one, saved before any part is sent.
    private func reservation(app: String, digest: FileDigest) async throws -> BuildUploadReservation {
        if let reservations, let previous = await reservations.previous(sha256: digest.sha256), previous.app == app,
            previous.size == digest.size
        {
            let state =
                previous.isUsable(at: clock.now)
                ? try? await client.get(Resources.BuildUpload.self, "v1/buildUploads/\(previous.uploadID)").attributes?.state?.state
                : "expired"
            if state == "AWAITING_UPLOAD" {
                await log(
                    "continuing build upload \(previous.uploadID) reserved by run \(previous.runID) for the same .ipa: "
                        + "\(previous.finishedParts.count) of \(previous.operations.count) parts already sent")
                try? await reservations.adopt(previous)
                return previous
            }
            await log("not continuing build upload \(previous.uploadID) of run \(previous.runID): it is \(state ?? "gone"); reserving anew")
            await reservations.forget(previous)
        }
        let uploadID = try await reserveUpload(app: app)
        let (fileID, operations) = try await reserveFile(upload: uploadID, size: digest.size)
        let runID = reservations?.runFolder.lastComponent ?? ""
        let reservation = BuildUploadReservation(
            sha256: digest.sha256, size: digest.size, app: app, uploadID: uploadID, fileID: fileID, operations: operations,
            finishedParts: [], runID: runID)
        try? await reservations?.save(reservation)
        return reservation
    }

    private func reserveUpload(app: String) async throws -> String {
        let body: [String: Any] = [
            "data": [
                "type": "buildUploads",
                "attributes": [
                    "cfBundleShortVersionString": bundle.shortVersion, "cfBundleVersion": bundle.version,
                    "platform": settings.apiPlatform,
                ],
                "relationships": ["app": ["data": ["type": "apps", "id": app]]],
            ]
        ]
        return try await client.create(Resources.BuildUpload.self, "v1/buildUploads", json: body).id
    }

    private func reserveFile(upload: String, size: Int64) async throws -> (String, [Resources.UploadOperation]) {
        let body: [String: Any] = [
            "data": [
                "type": "buildUploadFiles",
                "attributes": [
                    "fileName": file.lastComponent, "fileSize": size, "uti": "com.apple.ipa", "assetType": "ASSET",
                ],
                "relationships": ["buildUpload": ["data": ["type": "buildUploads", "id": upload]]],
            ]
        ]
        let reserved = try await client.create(Resources.BuildUploadFile.self, "v1/buildUploadFiles", json: body)
        guard let operations = reserved.attributes?.uploadOperations, !operations.isEmpty else {
            throw UploadError(
                .testflight, "App Store Connect reserved file \(reserved.id) without upload operations", reason: .uploadRejected)
        }
        return (reserved.id, operations)
    }

    /// `uploaded: true` with the checksum, which Apple checks against what arrived.
    private func commit(file id: String, digest: FileDigest) async throws {
        let body: [String: Any] = [
            "data": [
                "type": "buildUploadFiles", "id": id,
                "attributes": [
                    "uploaded": true, "sourceFileChecksums": ["file": ["hash": digest.sha256, "algorithm": "SHA_256"]],
                ],
            ]
        ]
        _ = try await client.update(Resources.BuildUploadFile.self, "v1/buildUploadFiles/\(id)", json: body)
    }
}
