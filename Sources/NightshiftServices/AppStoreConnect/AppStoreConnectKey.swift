import Foundation
public import NightshiftCore
public import NightshiftSystem

/// An App Store Connect API key (.p8) as every caller receives it: its PEM, or a path to it. Each
/// user of the key (uploads, signing, build numbers, the notary) reads it here, so the key, each of
/// its lines and every token made from it are learned by the run's secrets before any request.
public enum AppStoreConnectKey {
    /// PEM content as given, or read from a path.
    public static func pem(_ value: String) throws(AppStoreConnectError) -> String {
        if value.contains("-----BEGIN") { return value }
        // Regular files only, opened without blocking: a FIFO named as the key would hold the run
        // past SIGTERM, /dev/zero would fill the memory.
        do {
            return String(decoding: try WholeFile.contents(of: value, atMost: maximumFileSize), as: UTF8.self)
        } catch {
            throw AppStoreConnectError(
                .unreadableKey, "cannot read the App Store Connect key '\(value)': \(error.reason(reading: value, limit: maximumFileSize))")
        }
    }

    /// A .p8 holds a few hundred bytes: a file far larger is no key.
    static let maximumFileSize: Int64 = 64 << 10

    /// The key's base64 lines, each a secret on its own: a tool may print one line of it.
    public static func pemLines(_ pem: String) -> [String] {
        pem.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
    }

    /// The key read (`privateKey`: PEM or a path), learned by `secrets` with its lines, and the
    /// tokens signed with it, each learned as it is made. `issuerID` nil or empty: an individual key.
    public static func tokens(
        keyID: String, issuerID: String?, privateKey: String, clock: any WallClock, secrets: RunSecrets
    ) throws(AppStoreConnectError) -> AppStoreConnectTokens {
        let pem = try pem(privateKey)
        secrets.learn([pem] + pemLines(pem))
        let issuer = issuerID.flatMap { $0.isEmpty ? nil : $0 }
        let signer = try AppStoreConnectTokenSigner(keyID: keyID, issuerID: issuer, pem: pem)
        return AppStoreConnectTokens(signer: signer, clock: clock) { token in secrets.learn([token]) }
    }
}
