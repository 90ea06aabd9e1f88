import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices

/// Performs `notarize:` steps: sends the file to Apple's notary service (its REST API, or `xcrun
/// notarytool` with `method: notarytool`), waits for the verdict on the lane's clock, prints the
/// developer log, then staples and verifies an accepted file.
///
/// Crash-safe: the file's SHA-256 keys a record under `.nightshift/notary/`, and the submission
/// id, SHA-256 and S3 object go into the run journal before the upload starts, so a resumed run,
/// or the lane run again with the same file, waits on that submission (or reuses an accepted
/// one) instead of submitting the same bytes again.
public struct NotarizeStepPerformer: StepPerformer {
    /// nil where this build has no S3 uploader: `method: api` then fails, saying so.
    public var upload: (any NotaryFileUpload)?
    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient
    public var temporaryDirectory: String

    /// The region of Apple's notary bucket (the credentials are issued for it).
    static let region = "us-west-2"
    static let apiEndpointVariable = "NOTARY_API_ENDPOINT"
    static let s3EndpointVariable = "NOTARY_S3_ENDPOINT"

    public init(
        upload: (any NotaryFileUpload)?, client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient, temporaryDirectory: String
    ) {
        self.upload = upload
        self.client = client
        self.temporaryDirectory = temporaryDirectory
    }

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard case .notarize(let settings) = step.kind else {
            throw StepFailure("'\(step.displayName)' is not a notarize step")
        }
        guard let template = settings.file else {
            throw StepFailure("nothing to notarize: set 'file:'", reason: .missingSetting)
        }
        let file = context.resolve(template)
        if let problem = NotarizeValues.fileProblem(file) {
            throw StepFailure("notarize.file \(problem), found '\(file)'", reason: .invalidSetting)
        }
        let path = try context.path(file, what: "notarize.file")
        if context.isDryRun {
            for line in NotarizeDryRun.lines(file: path, settings: settings, origin: origin(settings, in: context), in: context) {
                await context.log(line)
            }
            return .exited(0)
        }
        do {
            try await notarize(path, settings: settings, in: context)
        } catch let error as NotaryError {
            throw StepFailure(error.message, reason: error.reason)
        } catch let error as UploadError {
            throw StepFailure(error.message, reason: error.reason)
        }
        return .exited(0)
    }

    private func notarize(_ path: AbsolutePath, settings: NotarizeSettings, in context: StepContext) async throws {
        guard FileKind.of(path.string, followingLinks: true) == .regular else {
            throw NotaryError("cannot notarize '\(path)': not a readable file", reason: .missingFile)
        }
        // Checked before any request: Apple would take the submission and then judge nothing.
        if (try? FileManager.default.attributesOfItem(atPath: path.string)[.size] as? NSNumber)?.int64Value == 0 {
            throw NotaryError("cannot notarize '\(path)': the file is empty (0 bytes); did the packaging step fail?", reason: .missingFile)
        }
        let digest = try await BlockingWork.run { Result { try FileDigest.of(file: path.string) } }.get()
        let name = path.lastComponent
        let key = try NotaryKey(settings, in: context)
        await context.log("notarizing \(name) (\(digest)) with Apple's notary service (\(settings.method.rawValue))")
        let submission = try await submitter(settings, key: key, in: context)
        defer { submission.keys?.remove() }
        let id = try await submission.submissionID(for: path, digest: digest)
        await context.details.set("submission_id", id)
        await context.log(
            "submission \(id): waiting up to \(DurationFormatting.exact(settings.waitTimeout)), checking every \(DurationFormatting.exact(settings.poll))"
        )
        let verdict = try await submission.wait.verdict(of: id)
        submission.remember(status: verdict.status, sha256: digest.sha256)
        await context.details.set("notarization_status", verdict.status.description)
        if let problem = verdict.logProblem {
            await context.log(.warning("could not fetch the notary log: \(problem)", at: nil), to: .standardError)
        }
        try await NotaryOutcome(status: verdict.status, log: verdict.log, submissionID: id, file: name).report(in: context)
        try await NotarizedFileCheck(context: context).run(on: path)
    }

    private func origin(_ settings: NotarizeSettings, in context: StepContext) -> String {
        if let endpoint = settings.endpoint.map(context.resolve), !endpoint.isEmpty { return endpoint }
        if let variable = context.environment[Self.apiEndpointVariable], !variable.isEmpty { return variable }
        return NotaryClient.defaultOrigin.absoluteString
    }

    private func submitter(_ settings: NotarizeSettings, key: NotaryKey, in context: StepContext) async throws -> NotarySubmitter {
        // `<state>/notary`, beside `<state>/runs`.
        let records = context.folders.runsFolder.map { NotarySubmissionRecords(stateDirectory: $0.parent.string) }
        let log: @Sendable (String) async -> Void = { line in await context.log(line) }
        switch settings.method {
        case .api:
            let written = origin(settings, in: context)
            guard let origin = NotarizeValues.endpoint(written) else {
                throw NotaryError(
                    "the notary endpoint '\(written)' \(NotarizeValues.endpointProblem(written) ?? "is not a URL")", reason: .invalidSetting
                )
            }
            let signer: AppStoreConnectTokenSigner
            do {
                signer = try AppStoreConnectTokenSigner(keyID: key.keyID, issuerID: key.issuerID, pem: key.pem)
            } catch {
                throw NotaryError("the App Store Connect key is not a P-256 private key in PEM form (.p8)", reason: .invalidSetting)
            }
            let tokens = AppStoreConnectTokens(signer: signer, clock: context.clock) { token in context.secrets.learn([token]) }
            let api = NotaryClient(origin: origin, tokens: tokens, http: client(UploadRetryPolicy()), secrets: context.secrets, log: log)
            let s3 = context.environment[Self.s3EndpointVariable].flatMap { $0.isEmpty ? nil : URL(string: $0) }
            return NotarySubmitter(
                method: .api(api, upload: upload, s3Endpoint: s3), context: context, records: records,
                wait: NotaryWait(
                    status: { try await api.status(of: $0) }, developerLog: { try await api.developerLog(of: $0) }, clock: context.clock,
                    poll: settings.poll, waitTimeout: settings.waitTimeout, log: log, manualCheck: { NotarytoolCommands.manualCheck($0) }),
                lockTimeout: settings.waitTimeout)
        case .notarytool:
            // notarytool reads the key from a file: a PEM given in a variable goes into a private one.
            let keys =
                key.path == nil
                ? try PrivateKeysDirectory(in: temporaryDirectory, fileName: "AuthKey_\(key.keyID).p8", contents: key.pem) : nil
            let keyPath = key.path ?? keys.map { "\($0.path)/AuthKey_\(key.keyID).p8" } ?? ""
            let tool = NotarytoolCommands(context: context, keyPath: keyPath, keyID: key.keyID, issuerID: key.issuerID)
            return NotarySubmitter(
                method: .notarytool(tool), context: context, records: records, keys: keys,
                wait: NotaryWait(
                    status: { try await tool.status($0) }, developerLog: { try await tool.developerLog($0) }, clock: context.clock,
                    poll: settings.poll, waitTimeout: settings.waitTimeout, log: log, manualCheck: { NotarytoolCommands.manualCheck($0) }),
                lockTimeout: settings.waitTimeout)
        }
    }
}

extension NotarizeStepPerformer {
    /// The real performer, for the composition root: Apple's API over `transport`, the file
    /// through `upload` (by default the S3 uploader over the same transport, retried with the
    /// upload retry policy).
    public static func live(
        clock: any WallClock, temporaryDirectory: String, upload: (any NotaryFileUpload)? = nil,
        transport: any HTTPTransport, jitter: any JitterSource = SystemJitterSource()
    ) -> NotarizeStepPerformer {
        let client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient = { policy in
            RetryingHTTPClient(transport: transport, clock: clock, jitter: jitter, policy: policy)
        }
        return NotarizeStepPerformer(
            upload: upload ?? S3NotaryFileUpload(s3: S3Uploader(http: client(UploadRetryPolicy()))), client: client,
            temporaryDirectory: temporaryDirectory)
    }
}
