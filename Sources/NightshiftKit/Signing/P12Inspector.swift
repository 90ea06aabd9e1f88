internal import Foundation
public import NightshiftSystem

/// Opens a .p12 with `openssl pkcs12` to prove the password is right and to read its certificate.
/// The password goes through the environment (`-passin env:`), never argv.
public struct P12Inspector: Sendable {
    static let passwordVariable = "NIGHTSHIFT_P12_PASSWORD"

    private let shell: any ShellRunner
    private let openssl: String

    public init(shell: any ShellRunner, opensslPath: String = "openssl") {
        self.shell = shell
        self.openssl = opensslPath
    }

    /// The certificate of the identity in `p12Path`.
    public func certificate(in p12Path: String, password: Secret) async throws -> SigningCertificate {
        var result = try await read(p12Path, password: password, legacy: false)
        // Keychain Access exports with RC2/3DES, which OpenSSL 3 only reads with its legacy provider.
        if !result.succeeded, Self.needsLegacy(result) {
            result = try await read(p12Path, password: password, legacy: true)
        }
        guard result.succeeded else {
            if Self.isWrongPassword(result) { throw SigningError.wrongCertificatePassword(p12: p12Path) }
            throw SigningError.unreadableCertificate(p12: p12Path, detail: result.failureDetail)
        }
        guard let certificate = try? SigningCertificate.certificates(inPEM: result.standardOutput).first else {
            throw SigningError.unreadableCertificate(p12: p12Path, detail: "no certificate in openssl's output")
        }
        return certificate
    }

    static func command(_ p12Path: String, password: Secret, legacy: Bool, openssl: String = "openssl") -> ShellCommand {
        ShellCommand(
            openssl,
            ["pkcs12"] + (legacy ? ["-legacy"] : []) + ["-in", p12Path, "-nokeys", "-clcerts", "-passin", "env:\(passwordVariable)"],
            environment: [passwordVariable: password.value])
    }

    private func read(_ p12Path: String, password: Secret, legacy: Bool) async throws -> CapturedResult {
        try await shell.capture(Self.command(p12Path, password: password, legacy: legacy, openssl: openssl))
    }

    static func needsLegacy(_ result: CapturedResult) -> Bool {
        result.standardError.contains("unsupported") || result.standardError.contains("RC2")
    }

    static func isWrongPassword(_ result: CapturedResult) -> Bool {
        result.standardError.localizedCaseInsensitiveContains("mac verify") || result.standardError.contains("invalid password")
    }
}
