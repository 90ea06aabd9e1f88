import Foundation
public import NightshiftCore
public import NightshiftEngine
import NightshiftSchema
public import NightshiftSystem
import NightshiftServices

/// Performs `upload:` steps: resolves the destination's settings, picks the file (`file:`, else
/// the .ipa the lane's export produced), hands both to the destination's uploader, reports
/// progress and where the build went, and exports `NIGHTSHIFT_UPLOAD_URL` for later steps.
public struct UploadStepPerformer: StepPerformer {
    public static let locationVariable = NightshiftVariable.uploadURL.name

    public var registry: UploaderRegistry
    /// Whether output goes to a live terminal (progress redrawn in place, see
    /// `ConsoleStyle.liveProgress`) or to a CI log (a plain line every `progressInterval`).
    public var isInteractive: Bool
    /// Between plain progress lines when not interactive.
    public var progressInterval: Duration

    public init(registry: UploaderRegistry, isInteractive: Bool, progressInterval: Duration = .seconds(30)) {
        self.registry = registry
        self.isInteractive = isInteractive
        self.progressInterval = progressInterval
    }

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard case .upload(let target) = step.kind else {
            throw StepFailure("'\(step.displayName)' is not an upload step")
        }
        var parameters = Self.resolve(target.parameters, in: context)
        if target.destination == .testflight {
            parameters = AppStoreConnectEndpoint.filling(parameters, environment: context.environment)
        }
        parameters = try await Self.releaseNotes(parameters, destination: target.destination, in: context)
        parameters = try Self.readingPaths(parameters, destination: target.destination, in: context)
        if let destination = target.destination, destination.takesSymbols {
            return try await performSymbols(destination, parameters: parameters, in: context)
        }
        let file = try await Self.file(parameters, in: context)
        if context.isDryRun {
            try await describe(target, file: file, settings: UploadSettings(parameters), in: context)
            return .exited(0)
        }
        guard let destination = target.destination, let uploader = registry.uploader(for: destination) else {
            throw StepFailure(
                "unknown upload destination '\(target.destinationName)' (known: \(UploadDestination.listed))", reason: .invalidSetting)
        }
        let path = try context.path(file, what: "upload.file")
        // Opened as every uploader reads it, without blocking: a FIFO there would hold a blocking
        // open, and the run with it, past SIGTERM (a folder upload did).
        do { try ReadableFile(path: path.string).close() } catch {
            throw StepFailure("cannot upload '\(file)': \(error.reason(opening: path.string))", reason: .missingFile)
        }
        // The upload's credentials are the run's secrets from now on: masked in every output.
        context.secrets.learn(destination.secretValues(in: UploadSettings(parameters)))
        let receipt = try await upload(path, with: uploader, parameters: parameters, in: context)
        await context.log("uploaded \(path.lastComponent) to \(receipt.location)")
        if let verification = receipt.verification { await context.log(verification.description) }
        for (name, value) in receipt.details { await context.details.set(name, value) }
        await context.exports.set(Self.locationVariable, receipt.location)
        return .exited(0)
    }

    /// Refuses unknown destinations before the lane starts, so a typo does not waste a build.
    public func preflight(_ steps: [Step], in context: StepContext) async throws {
        for step in steps {
            guard case .upload(let target) = step.kind, !context.isDryRun else { continue }
            if target.destination.flatMap(registry.uploader(for:)) == nil {
                throw StepFailure(
                    "unknown upload destination '\(target.destinationName)' in step '\(step.displayName)'", reason: .invalidSetting)
            }
        }
    }

    /// A dry run's account of the upload: testflight's altool command through the recording
    /// shell, the others' lines.
    private func describe(_ target: UploadTarget, file: String, settings: UploadSettings, in context: StepContext) async throws {
        guard let destination = target.destination else {
            await context.log("would upload \(file) to unknown destination '\(target.destinationName)'")
            return
        }
        if let command = UploadDryRunDescription.command(destination: destination, file: file, settings: settings) {
            _ = try await context.run(command)
        }
        let bundle = destination == .testflight ? await Self.bundleInfo(of: file, in: context) : nil
        for line in UploadDryRunDescription.lines(destination: destination, file: file, settings: settings, bundle: bundle) {
            await context.log(line)
        }
    }

    /// What a dry run can say of an .ipa that is already there (a lane whose export ran before):
    /// read for real, as nothing is changed by reading it. Nil when it is not there; the reason
    /// when it cannot be read.
    private static func bundleInfo(of file: String, in context: StepContext) async -> Result<IPABundleInfo, UploadError>? {
        let path = context.absolute(file)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return .success(try await IPABundleInfo.read(ipa: path, shell: context.inspectionShell))
        } catch let error as UploadError {
            return .failure(error)
        } catch {
            return .failure(UploadError(.testflight, "\(error)"))
        }
    }

    /// Uploads with the run's secrets (the upload's credentials among them) hiding every line
    /// the uploader prints and its failure.
    func upload(
        _ file: AbsolutePath, with uploader: any Uploader, parameters: [String: UploadParameter], in context: StepContext,
        symbols: SymbolUploadContext? = nil
    ) async throws -> UploadReceipt {
        var request = UploadRequest(
            file: file, parameters: parameters, environment: context.environment, secrets: context.secrets,
            log: { line in await context.log(line) }, runFolder: context.folders.logs, journal: context.journalNotes
        )
        request.symbols = symbols
        let reporter = UploadProgressReporter(
            formatter: UploadProgressFormatter(isInteractive: isInteractive, interval: isInteractive ? nil : progressInterval),
            clock: context.clock, print: { line in await context.log(line) }, redraw: isInteractive ? context.progress : nil
        )
        do {
            let receipt = try await uploader.upload(request, progress: reporter.record)
            await reporter.finish()
            return receipt
        } catch {
            await reporter.finish()
            throw Self.stepFailure(error)
        }
    }

    /// Every failure leaves as a `StepFailure`; cancellation stays cancellation so an interrupt
    /// is reported as one. The engine masks the message as it records the step, with what the
    /// upload learned too (a server's answer or a tool's message may quote a token).
    private static func stepFailure(_ error: any Error) -> any Error {
        switch error {
        case is CancellationError: error
        case let upload as UploadError: StepFailure(upload.description, reason: upload.reason)
        default: StepFailure("upload failed: \(error)", reason: .uploadFailed)
        }
    }

    static func resolve(_ parameters: [String: UploadParameter], in context: StepContext) -> [String: UploadParameter] {
        parameters.mapValues { parameter in
            switch parameter {
            case .scalar(let value): .scalar(Template(context.resolve(value), at: value.location))
            case .list(let values): .list(values.map { Template(context.resolve($0), at: $0.location) })
            case .map(let values): .map(values.mapValues { Template(context.resolve($0), at: $0.location) })
            }
        }
    }

    /// The settings that name a file or folder on this machine (a key file only when it names
    /// one rather than holding the key), read against the run's folder as upload.file is, not
    /// against whatever folder the nightshift process happens to be in.
    static func readingPaths(
        _ parameters: [String: UploadParameter], destination: UploadDestination?, in context: StepContext
    ) throws -> [String: UploadParameter] {
        let keys: [String] =
            switch destination {
            case .folder?: ["path"]
            case .firebase?: ["service_account", "notes_file"]
            case .testflight?: ["private_key"]
            case .http?, .crashlytics?, .sentry?, .bugsnag?, nil: []
            }
        var parameters = parameters
        for key in keys {
            guard case .scalar(let value)? = parameters[key], !value.raw.isEmpty,
                !UploadDestination.keyFileKeys.contains(key) || UploadDestination.isPath(value.raw)
            else { continue }
            parameters[key] = .scalar(Template(try context.path(value.raw, what: "upload.\(key)").string, at: value.location))
        }
        return parameters
    }

    /// `file:`, else the .ipa an earlier export step exported (or the environment names).
    static func file(_ parameters: [String: UploadParameter], in context: StepContext) async throws -> String {
        if let file = UploadSettings(parameters).string("file") { return file }
        if let exported = await context.exports.all[NightshiftVariable.ipaPath.name], !exported.isEmpty { return exported }
        if let inherited = context.environment[NightshiftVariable.ipaPath.name], !inherited.isEmpty { return inherited }
        throw StepFailure("nothing to upload: set 'file:' or run an export step before this upload", reason: .nothingToUpload)
    }
}
