import NightshiftCore
import NightshiftSchema
import NightshiftServices
import NightshiftSystem

/// `doctor --online`: the App Store Connect key of uploads, build numbers and signing works,
/// asked with one GET through the one client every capability uses. Only with `--online`:
/// without it doctor sends nothing.
struct OnlineDoctorChecks {
    let transport: any HTTPTransport
    let clock: any WallClock
    /// The command's: the key and the token are masked from the moment they are read.
    let secrets: RunSecrets

    static let subject = "App Store Connect key"

    /// Only the ids: Apple's smallest answer that still needs the key to be valid.
    private struct App: Decodable {
        var id: String
    }

    func appStoreConnectKey(environment: EnvironmentVariables) async -> DoctorCheck {
        let setting = { (key: String) in UploadDestination.testflight.defaults[key].map { Template($0).expand(in: environment) } ?? "" }
        let (keyID, issuerID, key) = (setting("key_id"), setting("issuer_id"), setting("private_key"))
        guard !keyID.isEmpty, !key.isEmpty else {
            return DoctorCheck(
                .attention, Self.subject,
                "not checked: APP_STORE_CONNECT_API_KEY_KEY_ID and APP_STORE_CONNECT_API_KEY_KEY (or …_KEY_FILEPATH) are not both set",
                fix: "set them as uploads read them (Docs/TestFlight-and-Firebase.md)")
        }
        do {
            let api = try AppStoreConnectEndpoint.resolve(step: nil, environment: environment)
            let tokens = try AppStoreConnectKey.tokens(keyID: keyID, issuerID: issuerID, privateKey: key, clock: clock, secrets: secrets)
            // One attempt: doctor reports what it found, it does not wait out an outage.
            let http = RetryingHTTPClient(
                transport: transport, clock: clock, jitter: SystemJitterSource(), policy: UploadRetryPolicy(attempts: 1))
            let client = AppStoreConnectClient(api: api, tokens: tokens, http: http, secrets: secrets, log: { _ in })
            _ = try await client.get([App].self, "v1/apps", query: [("limit", "1")])
            return DoctorCheck(.ready, Self.subject, "works: App Store Connect answered GET \(api.printable)/v1/apps")
        } catch let error as AppStoreConnectEndpointError {
            return DoctorCheck(.missing, Self.subject, error.message, fix: "unset \(AppStoreConnectEndpoint.variable), or make it a URL")
        } catch let error as AppStoreConnectError {
            return Self.check(error)
        } catch {
            // Printed through the command's masking console, like every line of the checklist.
            return DoctorCheck(.missing, Self.subject, "\(error)")
        }
    }

    /// What went wrong, with the fix Apple's answer points to.
    static func check(_ error: AppStoreConnectError) -> DoctorCheck {
        let fix: String
        switch (error.kind, error.status) {
        case (.refused, 401?):
            fix =
                "check APP_STORE_CONNECT_API_KEY_KEY_ID is the key's id and APP_STORE_CONNECT_API_KEY_ISSUER_ID the issuer id "
                + "(App Store Connect, Users and Access, Integrations; empty for an individual key), that the .p8 is that key's, "
                + "and that the key is not revoked"
        case (.refused, 403?):
            fix = "the key's role may not read apps: give it the App Manager, Developer or Admin role (Users and Access, Integrations)"
        case (.unreachable, _):
            fix = "no answer: check this machine reaches the API (network, proxy, firewall) or \(AppStoreConnectEndpoint.variable)"
        case (.unreadableKey, _), (.unusableKey, _):
            fix =
                "APP_STORE_CONNECT_API_KEY_KEY holds the .p8's text, or APP_STORE_CONNECT_API_KEY_KEY_FILEPATH its path, as App Store Connect gave it"
        case (.refused, _) where error.isTransient:
            fix = "Apple's side: try again later (developer.apple.com/system-status)"
        default:
            fix = "see what App Store Connect said above"
        }
        return DoctorCheck(.missing, subject, error.message, fix: fix)
    }
}
