import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// An App Store Connect reservation and the parts already sent for it, kept in the run folder
/// (`testflight-upload.json`) so that a later run of the same lane with the same .ipa (same
/// SHA-256) sends only what is missing, instead of starting again. Apple keeps a reservation for
/// about a week; the part URLs carry their own expiry.
struct BuildUploadReservation: Codable, Sendable, Hashable {
    static let fileName = "testflight-upload.json"

    var sha256: String
    var size: Int64
    var app: String
    var uploadID: String
    var fileID: String
    var operations: [AppStoreConnectResources.UploadOperation]
    var finishedParts: Set<Int>
    /// The run that made it, for the message that says it was continued.
    var runID: String

    /// Whether every part not yet sent can still be sent at `now` (the URLs have not expired).
    func isUsable(at now: Date) -> Bool {
        operations.enumerated().allSatisfy { index, operation in
            if finishedParts.contains(UploadPartSender.number(of: operation, at: index)) { return true }
            guard let text = operation.expiration else { return true }
            guard let expiry = UTCTimestamp.date(rfc3339: text) else { return false }
            return expiry.timeIntervalSince(now) > 5 * 60
        }
    }
}

/// Where reservations live: one file in this run's folder, and the earlier runs' folders of the
/// same lane (`.nightshift/runs/<lane>/*`) to look for one to continue.
actor ReservationStore {
    let runFolder: AbsolutePath
    private var current: BuildUploadReservation?

    init(runFolder: AbsolutePath) {
        self.runFolder = runFolder
    }

    var path: String { runFolder.appending(BuildUploadReservation.fileName).string }

    /// The newest reservation an earlier run of this lane left for a file with this SHA-256.
    func previous(sha256: String) -> BuildUploadReservation? {
        let manager = FileManager.default
        let candidates = ((try? manager.contentsOfDirectory(atPath: runFolder.parent.string)) ?? []).map(file(ofRun:))
        let found = candidates.compactMap { file -> (BuildUploadReservation, Date)? in
            guard file != path, let data = manager.contents(atPath: file),
                let reservation = try? JSONDecoder().decode(BuildUploadReservation.self, from: data), reservation.sha256 == sha256
            else { return nil }
            let modified = (try? manager.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? .distantPast
            return (reservation, modified)
        }
        return found.max { $0.1 < $1.1 }?.0
    }

    /// Takes over an earlier run's reservation: kept here from now on, gone from there.
    func adopt(_ reservation: BuildUploadReservation) throws {
        var moved = reservation
        moved.runID = runFolder.lastComponent
        try save(moved)
        forget(reservation)
    }

    /// Removes an earlier run's reservation that can no longer be continued.
    func forget(_ reservation: BuildUploadReservation) {
        // The run id is read from a file: only one a run's folder can have is taken.
        guard RunIdentifier.isFolderName(reservation.runID) else { return }
        let earlier = file(ofRun: reservation.runID)
        if earlier != path { try? FileManager.default.removeItem(atPath: earlier) }
    }

    /// The reservation file of the lane's run `run` (a folder name).
    private func file(ofRun run: String) -> String {
        runFolder.parent.appending(run).appending(BuildUploadReservation.fileName).string
    }

    func save(_ reservation: BuildUploadReservation) throws {
        current = reservation
        try write(reservation)
    }

    /// Records a part the store took; the file is rewritten so a killed run loses at most the
    /// parts in flight.
    func finished(part: Int) throws {
        guard var reservation = current else { return }
        reservation.finishedParts.insert(part)
        current = reservation
        try write(reservation)
    }

    /// Committed: nothing left to continue.
    func remove() {
        current = nil
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Owner-only from its creation, written beside and renamed into place (`DurableFile`, whose
    /// temporary file is made exclusively): the part URLs are pre-signed.
    private func write(_ reservation: BuildUploadReservation) throws {
        try FileManager.default.createDirectory(atPath: runFolder.string, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(reservation))
        do {
            try DurableFile.replace(path, with: bytes, sync: false, permissions: 0o600)
        } catch {
            throw UploadError(.testflight, error.description, reason: .uploadFailed)
        }
    }
}
