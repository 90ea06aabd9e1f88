import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftServices

/// The App Store Connect API key a notarization signs in with, read from the step's templates
/// (the variables `upload: { to: testflight }` reads) and taught to the run's secrets at once.
struct NotaryKey {
    var keyID: String
    var issuerID: String
    /// The .p8's PEM.
    var pem: String
    /// The .p8's path when one was given (notarytool takes a path).
    var path: String?

    init(_ settings: NotarizeSettings, in context: StepContext) throws {
        keyID = context.resolve(settings.keyID)
        issuerID = context.resolve(settings.issuerID)
        let key = context.resolve(settings.privateKey)
        for (name, value) in [
            ("APP_STORE_CONNECT_API_KEY_KEY_ID", keyID), ("APP_STORE_CONNECT_API_KEY_ISSUER_ID", issuerID),
            ("APP_STORE_CONNECT_API_KEY_KEY (or _KEY_FILEPATH)", key),
        ]
        where value.isEmpty {
            throw NotaryError("\(name) is empty: the notary service needs a team API key", reason: .missingVariable)
        }
        if key.contains("-----BEGIN") {
            pem = key
            path = nil
        } else {
            let file = context.absolute(key)
            do { pem = try AppStoreConnectKey.pem(file) } catch { throw NotaryError(error.message, reason: .missingFile) }
            path = file
        }
        // The key and each of its lines: a tool may print one line of it.
        context.secrets.learn([pem] + AppStoreConnectKey.pemLines(pem))
    }
}
