public import NightshiftCore
import NightshiftSchema
public import NightshiftServices
public import NightshiftSystem

/// The client the `release:` step and `nightshift appstore` talk through: signed with the key of
/// the `APP_STORE_CONNECT_API_KEY_*` variables `upload: { to: testflight }` reads (a secret of
/// the run from here on), at the step's `endpoint:`, else `APP_STORE_CONNECT_ENDPOINT`, else Apple's.
public enum AppStoreReleaseSession {
    public static func client(
        endpoint: String?, environment: EnvironmentVariables, http: RetryingHTTPClient, clock: any WallClock, secrets: RunSecrets,
        log: @escaping @Sendable (String) async -> Void
    ) throws -> AppStoreConnectClient {
        let setting = { (variable: String) in Template(variable).expand(in: environment) }
        let (keyID, issuerID, key) = (
            setting(NotarizeSettings.keyIDVariable), setting(NotarizeSettings.issuerIDVariable),
            setting(NotarizeSettings.privateKeyVariable)
        )
        guard !keyID.isEmpty, !key.isEmpty else {
            throw AppStoreConnectError(
                .unreadableKey,
                "the App Store Connect API key is not set (APP_STORE_CONNECT_API_KEY_KEY_ID, APP_STORE_CONNECT_API_KEY_KEY or …_KEY_FILEPATH)"
            )
        }
        let tokens = try AppStoreConnectKey.tokens(keyID: keyID, issuerID: issuerID, privateKey: key, clock: clock, secrets: secrets)
        let api = try AppStoreConnectEndpoint.resolve(step: endpoint, environment: environment)
        return AppStoreConnectClient(api: api, tokens: tokens, http: http, secrets: secrets, log: log)
    }

    /// For commands: the live transport, retried as uploads are.
    public static func client(
        endpoint: String?, environment: EnvironmentVariables, transport: any HTTPTransport, clock: any WallClock, secrets: RunSecrets,
        log: @escaping @Sendable (String) async -> Void
    ) throws -> AppStoreConnectClient {
        let http = RetryingHTTPClient(transport: transport, clock: clock, jitter: SystemJitterSource(), policy: UploadRetryPolicy())
        return try client(endpoint: endpoint, environment: environment, http: http, clock: clock, secrets: secrets, log: log)
    }
}
