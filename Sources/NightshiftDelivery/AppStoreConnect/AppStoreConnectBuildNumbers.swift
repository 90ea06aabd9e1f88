import Foundation
public import NightshiftEngine
import NightshiftCore
public import NightshiftSchema
public import NightshiftSystem

/// `build_number: { from: appstoreconnect }`: one above the highest number among the app's
/// builds (`GET /v1/builds?filter[app]=…`) and its build uploads of the platform in any state
/// (`GET /v1/apps/{id}/buildUploads`: an upload that failed, is still processing or was kept
/// after a rejection holds its number too, and Apple refuses a duplicate with ITMS-90189).
/// Signs in with the `APP_STORE_CONNECT_API_KEY_*` variables an upload reads; reads only.
public struct AppStoreConnectBuildNumbers: BuildNumberSource {
    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient

    public init(client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient) {
        self.client = client
    }

    /// The real one, for the composition root.
    public static func live(clock: any WallClock, transport: any HTTPTransport = URLSessionTransport()) -> AppStoreConnectBuildNumbers {
        AppStoreConnectBuildNumbers { policy in
            RetryingHTTPClient(transport: transport, clock: clock, jitter: SystemJitterSource(), policy: policy)
        }
    }

    public func nextBuildNumber(_ request: BuildNumberRequest, in context: StepContext) async throws -> BuildNumberAnswer {
        do {
            let session = try session(request, in: context)
            let app = try await session.appID(bundleID: request.bundleID)
            let builds = try await session.all(
                AppStoreConnectResources.Build.self, "v1/builds",
                query: [("filter[app]", app), ("fields[builds]", "version"), ("limit", "200")])
            let uploads = try await session.all(
                AppStoreConnectResources.BuildUpload.self, "v1/apps/\(app)/buildUploads",
                query: [
                    ("filter[platform]", request.platform), ("fields[buildUploads]", "cfBundleVersion,platform,state"),
                    ("limit", "200"),
                ]
            ).filter { ($0.attributes?.platform ?? request.platform) == request.platform }
            let numbers = BuildNumberChoice(
                builds: builds.compactMap { $0.attributes?.version }, uploads: uploads.compactMap { $0.attributes?.cfBundleVersion })
            for text in numbers.unreadable {
                await context.log("warning: App Store Connect holds build number '\(text)', which is not one; left out")
            }
            return BuildNumberAnswer(number: numbers.next, reason: numbers.reason)
        } catch let error as UploadError {
            throw StepFailure(context.secrets.mask("App Store Connect: \(error.message)"), reason: error.reason)
        } catch let error as AppStoreConnectEndpointError {
            throw StepFailure(error.message, reason: .invalidSetting)
        }
    }

    /// Signed in with the environment's API key, which is a secret of the run from here on.
    private func session(_ request: BuildNumberRequest, in context: StepContext) throws -> AppStoreConnectSession {
        let environment = context.environment
        let defaults = UploadDestination.testflight.defaults
        let setting = { (key: String) in defaults[key].map { Template($0).expand(in: environment) } ?? "" }
        let (keyID, issuerID, keyText) = (setting("key_id"), setting("issuer_id"), setting("private_key"))
        guard !keyID.isEmpty, !keyText.isEmpty else {
            throw UploadError(
                .testflight, "the API key is not set (APP_STORE_CONNECT_API_KEY_KEY_ID, APP_STORE_CONNECT_API_KEY_KEY or …_KEY_FILEPATH)",
                reason: .missingSetting)
        }
        let key = try TestFlightUploader.privateKey(keyText)
        context.secrets.learn([key] + TestFlightUploader.pemLines(key))
        let signer = try AppStoreConnectTokenSigner(keyID: keyID, issuerID: issuerID.isEmpty ? nil : issuerID, pem: key)
        let secrets = context.secrets
        let tokens = AppStoreConnectTokens(signer: signer, clock: context.clock) { token in secrets.learn([token]) }
        let api = try AppStoreConnectEndpoint.resolve(step: request.endpoint, environment: environment)
        return AppStoreConnectSession(
            api: api, tokens: tokens, http: client(UploadRetryPolicy()), secrets: secrets, log: { line in await context.log(line) })
    }
}

/// The next build number over what App Store Connect holds: strictly above every readable one.
struct BuildNumberChoice {
    var builds: [String]
    var uploads: [String]

    var unreadable: [String] { (builds + uploads).filter { BuildNumber($0) == nil } }

    var highest: BuildNumber? { (builds + uploads).compactMap(BuildNumber.init).max() }

    /// `1` for an app with nothing yet.
    var next: BuildNumber { highest?.next ?? .first }

    var reason: String {
        let counted =
            "\(builds.count) build\(builds.count == 1 ? "" : "s") and \(uploads.count) build upload\(uploads.count == 1 ? "" : "s")"
        guard let highest else { return "none among \(counted) yet" }
        return "the highest of \(counted) is \(highest)"
    }
}
