public import Foundation
public import NightshiftCore
import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices

/// `nightshift signing plan|apply|check`: certificates and provisioning profiles kept on App
/// Store Connect through its API with the same key uploads use. `plan` reads only; `apply`
/// creates what is missing, deletes and recreates profiles that no longer fit, deletes zombie
/// profiles, and never revokes a certificate.
public struct AppStoreConnectSigning: Sendable {
    public static let defaultEndpoint = AppStoreConnectEndpoint.apple
    /// Overrides the API's base URL for commands and for steps without an `endpoint:` (tests, proxies).
    public static let endpointVariable = AppStoreConnectEndpoint.variable

    private let portal: SigningPortal
    private let clock: any WallClock

    /// `keyID`, `issuerID` (nil for an individual key) and `privateKey` (PEM of the .p8, or its
    /// path) are the `APP_STORE_CONNECT_API_KEY_*` of uploads; every token made is learned by
    /// `secrets` before it is sent.
    public init(
        credentials: Credentials, endpoint: URL, transport: any HTTPTransport, clock: any WallClock, secrets: RunSecrets,
        jitter: any JitterSource = SystemJitterSource(), log: @escaping @Sendable (String) async -> Void
    ) throws {
        let tokens: AppStoreConnectTokens
        do throws(AppStoreConnectError) {
            tokens = try AppStoreConnectKey.tokens(
                keyID: credentials.keyID, issuerID: credentials.issuerID, privateKey: credentials.privateKey, clock: clock,
                secrets: secrets)
        } catch {
            throw SigningPortalError(error)
        }
        let http = RetryingHTTPClient(transport: transport, clock: clock, jitter: jitter, policy: UploadRetryPolicy())
        portal = SigningPortal(client: AppStoreConnectClient(api: endpoint, tokens: tokens, http: http, secrets: secrets, log: log))
        self.clock = clock
    }

    public struct Credentials: Sendable, Hashable {
        public var keyID: String
        public var issuerID: String?
        public var privateKey: String

        public init(keyID: String, issuerID: String?, privateKey: String) {
            self.keyID = keyID
            self.issuerID = issuerID
            self.privateKey = privateKey
        }

        /// From `APP_STORE_CONNECT_API_KEY_KEY_ID`, `…_ISSUER_ID` (absent or empty: an individual
        /// key) and `…_KEY` or `…_KEY_FILEPATH`, as uploads read them; names what is missing.
        public static func from(_ environment: EnvironmentVariables) throws -> Credentials {
            let value = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
            let key = value("APP_STORE_CONNECT_API_KEY_KEY") ?? value("APP_STORE_CONNECT_API_KEY_KEY_FILEPATH")
            var missing: [String] = []
            if value("APP_STORE_CONNECT_API_KEY_KEY_ID") == nil { missing.append("APP_STORE_CONNECT_API_KEY_KEY_ID") }
            if key == nil { missing.append("APP_STORE_CONNECT_API_KEY_KEY (or APP_STORE_CONNECT_API_KEY_KEY_FILEPATH)") }
            guard missing.isEmpty, let keyID = value("APP_STORE_CONNECT_API_KEY_KEY_ID"), let key else {
                throw SigningPortalError(
                    "signing through App Store Connect needs its API key: environment variable\(missing.count == 1 ? "" : "s") \(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") not set",
                    reason: .missingVariable)
            }
            return Credentials(keyID: keyID, issuerID: value("APP_STORE_CONNECT_API_KEY_ISSUER_ID"), privateKey: key)
        }
    }

    /// Where the API is, by the one rule every App Store Connect call follows
    /// (`AppStoreConnectEndpoint`): `configured` (a step's `endpoint:`), else
    /// `APP_STORE_CONNECT_ENDPOINT`, else Apple's.
    public static func endpoint(in environment: EnvironmentVariables, configured: URL? = nil) throws -> URL {
        do {
            return try AppStoreConnectEndpoint.resolve(step: configured?.absoluteString, environment: environment)
        } catch {
            throw SigningPortalError(error.message, reason: .invalidSetting)
        }
    }

    /// Reads the portal (GET only) and works out what `apply` would change. `renewWithin`:
    /// profiles expiring sooner are made again (`signing check --days`).
    public func plan(_ targets: [SigningTarget], renewWithin: TimeInterval? = nil) async throws -> SigningPlan {
        try await SigningPlanner(portal: portal, now: clock.now, renewWithin: renewWithin).plan(targets)
    }

    /// Makes the plan's changes, handing each to `record` as it is made; returns the
    /// certificates and profiles the plan ends with.
    @discardableResult
    public func apply(_ plan: SigningPlan, record: @escaping @Sendable (String) async -> Void) async throws -> SigningOutcome {
        try await SigningApplier(portal: portal, record: record).apply(plan)
    }
}
