import Foundation
public import NightshiftEngine
import NightshiftCore
public import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices

/// `build_number: { from: appstoreconnect }`: one above the highest number among the app's
/// builds (`GET /v1/builds?filter[app]=…`) and its build uploads of the platform in any state
/// (`GET /v1/apps/{id}/buildUploads`: an upload that failed, is still processing or was kept
/// after a rejection holds its number too, and Apple refuses a duplicate with ITMS-90189).
/// Signs in with the `APP_STORE_CONNECT_API_KEY_*` variables an upload reads; reads only.
public struct AppStoreConnectBuildNumbers: BuildNumberSource {
    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient
    /// Where the numbers handed out on this machine are recorded (`BuildNumberReservations`);
    /// nil: none are, and two runs at once may choose the same number.
    public var reservationFolder: String?

    public init(client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient, reservationFolder: String? = nil) {
        self.client = client
        self.reservationFolder = reservationFolder
    }

    /// The real one, for the composition root. `home`: the user's, whose
    /// `~/.nightshift/build-numbers` every nightshift of the user shares.
    public static func live(clock: any WallClock, home: String?, transport: any HTTPTransport)
        -> AppStoreConnectBuildNumbers
    {
        AppStoreConnectBuildNumbers(
            client: { policy in RetryingHTTPClient(transport: transport, clock: clock, jitter: SystemJitterSource(), policy: policy) },
            reservationFolder: home.flatMap { $0.isEmpty ? nil : $0 + "/.nightshift/build-numbers" })
    }

    /// Reserved on this machine (read and recorded under the app's lock), except in a dry run,
    /// which hands out nothing.
    public func nextBuildNumber(_ request: BuildNumberRequest, in context: StepContext) async throws -> BuildNumberAnswer {
        do {
            let session = try session(request, in: context)
            guard let reservationFolder, !context.isDryRun else { return try await choose(request, session: session, in: context) }
            let key = "\(request.bundleID) (\(request.platform)) on \(session.api.host ?? session.api.printable)"
            let reservations = BuildNumberReservations(folder: reservationFolder)
            let log: @Sendable (String) async -> Void = { await context.log($0) }
            return try await reservations.reserve(key, waiting: log) { recorded in
                try await choose(request, session: session, reserved: recorded, in: context)
            }
        } catch let error as AppStoreConnectError {
            throw StepFailure("App Store Connect: \(error.message)", reason: error.reason)
        } catch let error as AppStoreConnectEndpointError {
            throw StepFailure(error.message, reason: .invalidSetting)
        }
    }

    /// One above Apple's numbers and `reserved`, the last this machine handed out.
    private func choose(
        _ request: BuildNumberRequest, session: AppStoreConnectClient, reserved: BuildNumber? = nil, in context: StepContext
    )
        async throws -> BuildNumberAnswer
    {
        do {
            let app = try await session.appID(bundleID: request.bundleID)
            let builds = try await session.list(
                Build.self, "v1/builds", query: [("filter[app]", app), ("fields[builds]", "version")])
            let uploads = try await session.list(
                BuildUpload.self, "v1/apps/\(app)/buildUploads",
                query: [("filter[platform]", request.platform), ("fields[buildUploads]", "cfBundleVersion,platform,state")]
            ).filter { ($0.attributes?.platform ?? request.platform) == request.platform }
            let numbers = BuildNumberChoice(
                builds: builds.compactMap { $0.attributes?.version }, uploads: uploads.compactMap { $0.attributes?.cfBundleVersion },
                reserved: reserved)
            for text in numbers.unreadable {
                await context.log(.warning("App Store Connect holds build number '\(text)', which is not one; left out", at: nil))
            }
            return BuildNumberAnswer(number: numbers.next, reason: numbers.reason)
        } catch let error as AppStoreConnectError {
            throw StepFailure("App Store Connect: \(error.message)", reason: error.reason)
        }
    }

    /// Signed in with the environment's API key, which is a secret of the run from here on.
    private func session(_ request: BuildNumberRequest, in context: StepContext) throws -> AppStoreConnectClient {
        let environment = context.environment
        let defaults = UploadDestination.testflight.defaults
        let setting = { (key: String) in defaults[key].map { Template($0).expand(in: environment) } ?? "" }
        let (keyID, issuerID, keyText) = (setting("key_id"), setting("issuer_id"), setting("private_key"))
        guard !keyID.isEmpty, !keyText.isEmpty else {
            throw StepFailure(
                "App Store Connect: the API key is not set (APP_STORE_CONNECT_API_KEY_KEY_ID, APP_STORE_CONNECT_API_KEY_KEY or …_KEY_FILEPATH)",
                reason: .missingSetting)
        }
        let secrets = context.secrets
        let tokens = try AppStoreConnectKey.tokens(
            keyID: keyID, issuerID: issuerID, privateKey: keyText, clock: context.clock, secrets: secrets)
        let api = try AppStoreConnectEndpoint.resolve(step: request.endpoint, environment: environment)
        return AppStoreConnectClient(
            api: api, tokens: tokens, http: client(UploadRetryPolicy()), secrets: secrets, log: { line in await context.log(line) })
    }
}

/// The next build number over what App Store Connect holds: strictly above every readable one.
struct BuildNumberChoice {
    var builds: [String]
    var uploads: [String]
    /// The last number this machine handed out for the app, which Apple may not hold yet.
    var reserved: BuildNumber? = nil

    var unreadable: [String] { (builds + uploads).filter { BuildNumber($0) == nil } }

    var highest: BuildNumber? { (builds + uploads).compactMap(BuildNumber.init).max() }

    /// `1` for an app with nothing yet.
    var next: BuildNumber { [highest, reserved].compactMap { $0 }.max()?.next ?? .first }

    var reason: String {
        let counted =
            "\(builds.count) build\(builds.count == 1 ? "" : "s") and \(uploads.count) build upload\(uploads.count == 1 ? "" : "s")"
        let apple = highest.map { "the highest of \(counted) is \($0)" } ?? "none among \(counted) yet"
        guard let reserved, highest.map({ reserved >= $0 }) ?? true else { return apple }
        return apple + "; \(reserved) was handed out on this machine already"
    }
}
