import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// Finds the submission for a file's bytes, or makes it: what an earlier attempt of this run
/// noted in the journal, else what this project recorded for the same SHA-256, else a new
/// submission, recorded (project record, run journal) before its upload starts.
struct NotarySubmitter {
    enum Method {
        case api(NotaryClient, upload: (any NotaryFileUpload)?, s3Endpoint: URL?)
        case notarytool(NotarytoolCommands)
    }

    var method: Method
    var context: StepContext
    /// nil when the run has no state folder to keep records in.
    var records: NotarySubmissionRecords?
    /// The private folder holding the key for notarytool, removed when the step ends.
    var keys: PrivateKeysDirectory?
    var wait: NotaryWait
    /// How long a run waits for another run's submission of the same bytes (`NotarySubmissionLock`).
    var lockTimeout: Duration = NotarizeSettings.defaultWaitTimeout

    private var methodName: String {
        if case .api = method { "api" } else { "notarytool" }
    }

    func submissionID(for path: AbsolutePath, digest: FileDigest) async throws -> String {
        guard let records else {
            if let id = try await earlierSubmission(for: path, digest: digest) { return id }
            return try await submit(path, name: path.lastComponent, digest: digest, records: nil)
        }
        let lock = NotarySubmissionLock(
            path: records.lockPath(sha256: digest.sha256), clock: context.clock, timeout: lockTimeout,
            log: { [context] line in await context.log(line) })
        return try await lock.withLock { try await findOrSubmit(path, digest: digest, records: records) }
    }

    /// Under the file's lock: what is recorded, else a new submission, recorded before it is made.
    private func findOrSubmit(_ path: AbsolutePath, digest: FileDigest, records: NotarySubmissionRecords) async throws -> String {
        if let id = try await earlierSubmission(for: path, digest: digest) { return id }
        // Written before the submission exists: a run killed before Apple's answer is recorded
        // leaves this, and the next run does not submit blindly.
        var pending = NotarySubmissionRecord(
            sha256: digest.sha256, submissionID: nil, name: path.lastComponent, uploaded: false, method: methodName,
            created: context.clock.now)
        pending.runFolder = context.folders.logs.string
        try records.save(pending)
        return try await submit(path, name: pending.name, digest: digest, records: records)
    }

    /// A submission of the same bytes already made: by an earlier attempt of this run (its
    /// journal note), or by any run of this project (its record). A record an earlier run left
    /// without an id is matched against Apple's list of recent submissions.
    private func earlierSubmission(for path: AbsolutePath, digest: FileDigest) async throws -> String? {
        let noted = context.journalNotes.earlier.flatMap { $0["sha256"] == digest.sha256 ? $0["submission_id"] : nil }
        var record = records?.record(sha256: digest.sha256)
        if noted == nil, let pending = record, pending.submissionID == nil {
            record = try await adopt(pending)
        }
        guard let id = noted ?? record?.submissionID else { return nil }
        let since = record.map { " on \(UTCTimestamp.iso8601($0.created))" } ?? ""
        let last = record?.status.map { ", last seen \($0)" } ?? ""
        await context.log(
            "the same file (sha256 \(digest.sha256)) was submitted\(since) as submission \(id)\(last): using it, not submitting again")
        if let record, !record.uploaded, case .api(_, let upload, let s3Endpoint) = method {
            try await finishUpload(path, record: record, id: id, upload: upload, s3Endpoint: s3Endpoint)
        }
        return id
    }

    private func submit(_ path: AbsolutePath, name: String, digest: FileDigest, records: NotarySubmissionRecords?) async throws -> String {
        switch method {
        case .api(let api, let upload, let s3Endpoint):
            guard let upload else {
                throw NotaryError(
                    "this nightshift build has no S3 uploader for the notary service: use 'method: notarytool'", reason: .stepFailed)
            }
            let created: NotaryResources.NewSubmission
            do {
                created = try await api.submit(name: name, sha256: digest.sha256)
            } catch var error as NotaryError {
                if error.notActedOn, let records {
                    // Apple made no submission: the record announcing one would block the file for good.
                    records.removePending(sha256: digest.sha256)
                    error.message += "; Apple made no submission, so running the lane again submits the file anew"
                } else if records != nil {
                    error.message +=
                        "; the request may have reached Apple: running the lane again looks for the submission it made among the team's recent ones"
                }
                throw error
            }
            let (id, attributes) = (created.data.id, created.data.attributes)
            let credentials = NotaryS3Credentials(
                accessKeyID: attributes.awsAccessKeyId, secretAccessKey: attributes.awsSecretAccessKey,
                sessionToken: attributes.awsSessionToken)
            let runFolder = context.folders.logs.string
            try NotaryUploadState(
                submissionID: id, bucket: attributes.bucket, object: attributes.object, credentials: credentials, issued: context.clock.now
            )
            .save(runFolder: runFolder)
            var record = NotarySubmissionRecord(
                sha256: digest.sha256, submissionID: id, name: name, bucket: attributes.bucket, object: attributes.object, uploaded: false,
                status: "In Progress", runFolder: runFolder, method: "api", created: context.clock.now)
            try records?.save(record)
            await context.journalNotes.record([
                "submission_id": id, "sha256": digest.sha256, "bucket": attributes.bucket, "object": attributes.object, "method": "api",
            ])
            await context.log("created submission \(id); uploading to s3://\(attributes.bucket)/\(attributes.object)")
            try await send(
                path, bucket: attributes.bucket, object: attributes.object, credentials: credentials, upload: upload,
                s3Endpoint: s3Endpoint, runFolder: runFolder)
            record.uploaded = true
            try records?.save(record)
            NotaryUploadState.remove(runFolder: runFolder)
            return id
        case .notarytool(let tool):
            await context.journalNotes.record(["sha256": digest.sha256, "method": "notarytool"])
            let id = try await tool.submit(path.string)
            try records?.save(
                NotarySubmissionRecord(
                    sha256: digest.sha256, submissionID: id, name: name, uploaded: true, status: "In Progress",
                    runFolder: context.folders.logs.string,
                    method: "notarytool", created: context.clock.now))
            await context.journalNotes.record(["submission_id": id, "sha256": digest.sha256, "method": "notarytool"])
            await context.log("notarytool uploaded \(name) as submission \(id)")
            return id
        }
    }

    /// An upload an earlier run began: continued with the credentials it kept, while they last.
    private func finishUpload(
        _ path: AbsolutePath, record: NotarySubmissionRecord, id: String, upload: (any NotaryFileUpload)?, s3Endpoint: URL?
    )
        async throws
    {
        guard let runFolder = record.runFolder, let state = NotaryUploadState.load(runFolder: runFolder), state.submissionID == id,
            context.clock.now.timeIntervalSince(state.issued) < NotaryUploadState.lifetime, let upload
        else {
            throw NotaryError(
                "submission \(id) was created for this file but its upload did not finish, and the upload credentials Apple issued "
                    + "are gone or expired; Apple never receives the file, so the submission cannot be accepted. Check it with "
                    + "\(NotarytoolCommands.manualCheck(id)); to submit anew, remove \(records?.path(sha256: record.sha256) ?? "its record")",
                reason: .notarizationUnfinished)
        }
        context.secrets.learn(state.credentials.secrets)
        await context.log("continuing the upload of submission \(id) to s3://\(state.bucket)/\(state.object)")
        try await send(
            path, bucket: state.bucket, object: state.object, credentials: state.credentials, upload: upload, s3Endpoint: s3Endpoint,
            runFolder: runFolder)
        var finished = record
        finished.uploaded = true
        try records?.save(finished)
        NotaryUploadState.remove(runFolder: runFolder)
    }

    private func send(
        _ path: AbsolutePath, bucket: String, object: String, credentials: NotaryS3Credentials, upload: any NotaryFileUpload,
        s3Endpoint: URL?,
        runFolder: String
    ) async throws {
        let (secrets, emit) = (context.secrets, context.emit)
        // The S3 uploader's lines go out masked: they may quote a signed request.
        let log: @Sendable (String) -> Void = { line in
            let masked = secrets.mask(line)
            Task { await emit(.standardOutput, Array((masked + "\n").utf8)) }
        }
        do {
            try await upload.upload(
                file: path.string, bucket: bucket, key: object, credentials: credentials, region: NotarizeStepPerformer.region,
                endpoint: s3Endpoint,
                progressFile: runFolder + "/notary-upload.progress", log: log)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as NotaryError {
            throw error
        } catch {
            throw NotaryError(
                secrets.mask(
                    "the upload to Apple's notary bucket failed: \(error); running the lane again continues submission uploads it recorded"),
                reason: .uploadUnavailable)
        }
    }

    /// The status Apple gave, kept with the record for the next run's message.
    func remember(status: NotaryStatus, sha256: String) {
        guard let records, var record = records.record(sha256: sha256) else { return }
        record.status = status.description
        try? records.save(record)
    }
}
