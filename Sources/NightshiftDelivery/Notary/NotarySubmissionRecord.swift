import Foundation
import NightshiftCore
import NightshiftSystem

/// What this project knows of a file it sent to Apple, keyed by the file's SHA-256 in
/// `.nightshift/notary/<sha256>.json` (owner-only): the notary service's list of submissions has
/// names and statuses, not hashes, so "the same bytes are never submitted twice" rests on this
/// record. No credential is kept here; the S3 credentials live in the run folder
/// (`NotaryUploadState`).
struct NotarySubmissionRecord: Codable, Sendable, Hashable {
    var sha256: String
    /// nil while the submission is being created: a run killed then may have made one Apple
    /// knows and this record does not, so nothing is submitted automatically after it.
    var submissionID: String?
    var name: String
    var bucket: String?
    var object: String?
    /// Whether the upload to S3 finished.
    var uploaded: Bool
    /// The last status seen.
    var status: String?
    /// The run folder whose `notary-upload.json` holds the upload's credentials.
    var runFolder: String?
    var method: String
    var created: Date
}

/// The records under `.nightshift/notary/`.
struct NotarySubmissionRecords: Sendable {
    let folder: String

    /// `state`: the `.nightshift` folder.
    init(stateDirectory state: String) {
        folder = state + "/notary"
    }

    func path(sha256: String) -> String { "\(folder)/\(sha256).json" }

    /// Beside the record: held while one run reads the record, submits and records the id.
    func lockPath(sha256: String) -> String { "\(folder)/\(sha256).lock" }

    /// Drops a record that holds no submission id: the creation it announced made nothing.
    func removePending(sha256: String) {
        guard let record = record(sha256: sha256), record.submissionID == nil else { return }
        try? FileManager.default.removeItem(atPath: path(sha256: sha256))
    }

    func record(sha256: String) -> NotarySubmissionRecord? {
        // Bounded and regular only: a FIFO or a huge file put there must not hang or swamp the step.
        guard Self.isDigest(sha256), let data = try? WholeFile.contents(of: path(sha256: sha256), atMost: 1 << 20) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(NotarySubmissionRecord.self, from: data)
    }

    func save(_ record: NotarySubmissionRecord) throws {
        guard Self.isDigest(record.sha256) else { throw NotaryError("not a SHA-256: \(record.sha256)", reason: .stepFailed) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        try NotaryFiles.writeOwnerOnly(try encoder.encode(record), to: path(sha256: record.sha256), folder: folder)
    }

    /// 64 lowercase hex digits: the record's name is built from it.
    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// The S3 credentials Apple issued for a submission, in `<run folder>/notary-upload.json`,
/// owner-only, for a later run to finish an interrupted upload. Never in the journal, a log or
/// a report.
struct NotaryUploadState: Codable, Sendable, Hashable {
    static let fileName = "notary-upload.json"

    var submissionID: String
    var bucket: String
    var object: String
    var credentials: NotaryS3Credentials
    var issued: Date

    /// Apple's credentials last about 12 hours; past that an unfinished upload cannot finish.
    static let lifetime: TimeInterval = 12 * 3600

    static func load(runFolder: String) -> NotaryUploadState? {
        guard let data = try? WholeFile.contents(of: runFolder + "/" + fileName, atMost: 1 << 20) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(NotaryUploadState.self, from: data)
    }

    func save(runFolder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try NotaryFiles.writeOwnerOnly(try encoder.encode(self), to: runFolder + "/" + Self.fileName, folder: runFolder)
    }

    /// Once the upload is done the credentials serve nothing: they are not left lying around.
    static func remove(runFolder: String) {
        try? FileManager.default.removeItem(atPath: runFolder + "/" + fileName)
    }
}

enum NotaryFiles {
    /// Written beside, synced and renamed into place, 0600 from its creation (`DurableFile`): a
    /// reader never sees half a file, nor another user the bytes.
    static func writeOwnerOnly(_ data: Data, to path: String, folder: String) throws {
        do {
            try DirectoryCreation.create(folder)
            try DurableFile.replace(path, with: Array(data), permissions: 0o600)
        } catch {
            throw NotaryError("cannot write '\(path)': \(error)", reason: .stepFailed)
        }
    }
}
