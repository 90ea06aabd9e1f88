import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSchema
public import NightshiftServices
public import NightshiftSystem

/// Performs `release:` steps: the App Store version of the configuration's app and platform
/// prepared with the build, What's New, release type and phased release, then submitted for
/// review (`AppStoreRelease`). A dry run reads App Store Connect (GET only) and prints the plan.
public struct ReleaseStepPerformer: StepPerformer {
    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient

    public init(client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient) {
        self.client = client
    }

    public static func live(
        clock: any WallClock, transport: any HTTPTransport, jitter: any JitterSource = SystemJitterSource()
    ) -> ReleaseStepPerformer {
        ReleaseStepPerformer { policy in RetryingHTTPClient(transport: transport, clock: clock, jitter: jitter, policy: policy) }
    }

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard case .release(let settings) = step.kind else { throw StepFailure("'\(step.displayName)' is not a release step") }
        do {
            let request = try await ReleaseRequestResolution(settings: settings, context: context).request()
            let release = AppStoreRelease(
                client: try AppStoreReleaseSession.client(
                    endpoint: settings.endpoint.map(context.resolve), environment: context.environment, http: client(UploadRetryPolicy()),
                    clock: context.clock, secrets: context.secrets, log: { line in await context.log(line) }),
                clock: context.clock, journal: context.journalNotes, isDryRun: context.isDryRun,
                log: { line in await context.log(line) })
            if let outcome = try await release.run(request) {
                await context.details.set("app_store_version_id", outcome.versionID)
                await context.details.set("review_submission_id", outcome.submissionID)
            }
            return .exited(0)
        } catch let error as AppStoreReleaseError {
            throw StepFailure(error.message, reason: error.reason)
        } catch let error as AppStoreConnectError {
            throw StepFailure("App Store Connect: \(error.message)", reason: error.reason)
        } catch let error as AppStoreConnectEndpointError {
            throw StepFailure(error.message, reason: .invalidSetting)
        }
    }
}

/// A `release:` step's settings read against the run: the configuration's app, the platform of
/// the project's destination, the build (written, else the one an upload of this run made, as
/// its journal note says, else the one this lane's archive numbered), and What's New from
/// wherever it is written.
struct ReleaseRequestResolution {
    var settings: ReleaseSettings
    var context: StepContext

    func request() async throws -> AppStoreReleaseRequest {
        let bundleID = context.environment[NightshiftVariable.appIdentifier.name] ?? ""
        guard !bundleID.isEmpty else {
            throw AppStoreReleaseError("release: needs the configuration's app_identifier (the app's bundle id)", reason: .missingSetting)
        }
        var request = AppStoreReleaseRequest(bundleID: bundleID, platform: AppStoreConnectPlatform.of(destination: destination))
        let written = settings.build.map(context.resolve).flatMap { $0.isEmpty ? nil : $0 }
        let archived = context.environment[NightshiftVariable.buildNumber.name].flatMap { $0.isEmpty ? nil : $0 }
        request.version = settings.version.map(context.resolve).flatMap { $0.isEmpty ? nil : $0 }
        if written == nil, let uploaded = UploadedBuildNote.latest(in: context.journalNotes, bundleID: bundleID, platform: request.platform)
        {
            // Exactly the build this run's upload made, even when a newer one has arrived since.
            request.build = uploaded.buildID.map(AppStoreReleaseRequest.BuildChoice.id) ?? .number(uploaded.number)
            if request.version == nil, !uploaded.version.isEmpty { request.version = uploaded.version }
            await context.log(
                "the build this run uploaded: \(uploaded.version) (\(uploaded.number))" + (uploaded.buildID.map { ", build \($0)" } ?? ""))
        } else {
            switch written ?? archived {
            case "latest"?, nil: request.build = .latest
            case let number?: request.build = .number(number)
            }
            if request.version == nil, written == nil, archived != nil {
                request.version = context.environment[NightshiftVariable.version.name].flatMap { $0.isEmpty ? nil : $0 }
            }
        }
        request.whatsNew = try await whatsNew()
        switch settings.releaseType {
        case .manual?: request.releaseType = .manual
        case .afterApproval?: request.releaseType = .afterApproval
        case .scheduled?: request.releaseType = .scheduled(earliest: settings.earliestRelease.map(context.resolve) ?? "")
        case nil: break
        }
        request.phased = settings.phased
        request.encryption = settings.encryption
        request.submit = settings.submit
        request.cancelPrevious = settings.cancelPrevious
        return request
    }

    /// The archive's destination: the project's, else the export method's default.
    private var destination: String {
        if let destination = context.lanesFile.project?.destination.map(context.resolve), !destination.isEmpty { return destination }
        let method = context.configuration.map { context.resolve($0.exportMethod) } ?? "app-store"
        return ExportedBundle(method: method).defaultDestination
    }

    /// What's New holds 4000 characters, as TestFlight's What to Test does.
    static let whatsNewLimit = 4000

    private func whatsNew() async throws -> AppStoreReleaseRequest.WhatsNew {
        switch settings.whatsNew {
        case .none: return .none
        case .text(let text): return .everyLocale(context.resolve(text))
        case .perLocale(let texts): return .perLocale(texts.mapValues(context.resolve))
        case .folder(let folder): return .perLocale(try WhatsNewFolder.texts(in: context.absolute(context.resolve(folder))))
        case .git:
            let (text, origin) = try await GitReleaseNotes(limit: Self.whatsNewLimit).notes(in: context)
            await context.log("What's New from git, \(origin)")
            return .everyLocale(text)
        }
    }
}
