internal import Foundation
public import NightshiftCore
public import NightshiftSystem

/// Opens a .p12 with `openssl pkcs12` to prove the password is right and to read the certificates
/// of its identities (`-clcerts`: those with a private key, which a Keychain Access export of
/// several identities holds several of).
/// The password goes through the environment (`-passin env:`), never argv.
public struct P12Inspector: Sendable {
    static let passwordVariable = NightshiftVariable.p12Password.name

    private let shell: any ShellRunner
    private let openssl: String

    public init(shell: any ShellRunner, opensslPath: String = "openssl") {
        self.shell = shell
        self.openssl = opensslPath
    }

    /// What openssl made of a .p12 whose password it did not refuse.
    public enum Reading: Sendable, Hashable {
        /// One certificate per identity, in the file's order; never empty.
        case identities([SigningCertificate])
        /// openssl could not read it, which does not mean `security import` cannot: a Mac's
        /// `/usr/bin/openssl` is LibreSSL, which has no `-legacy` and reads fewer .p12 formats
        /// than OpenSSL 3. `detail` is openssl's own explanation.
        case undecided(detail: String)
    }

    /// The certificates of the identities in `p12Path`, or why openssl could not tell.
    /// - Throws: `SigningError.wrongCertificatePassword` only: the one answer that is certain.
    public func read(_ p12Path: String, password: Secret) async throws(SigningError) -> Reading {
        guard var result = try? await run(p12Path, password: password, legacy: false) else {
            return .undecided(detail: "\(openssl) could not be run")
        }
        // Keychain Access exports with RC2/3DES, which OpenSSL 3 only reads with its legacy provider.
        if !result.succeeded, Self.needsLegacy(result),
            let legacy = try? await run(p12Path, password: password, legacy: true), !Self.isUnknownOption(legacy)
        {
            result = legacy
        }
        guard result.succeeded else {
            if Self.isWrongPassword(result) { throw .wrongCertificatePassword(p12: p12Path) }
            return .undecided(detail: result.failureDetail)
        }
        guard let certificates = try? SigningCertificate.certificates(inPEM: result.standardOutput), !certificates.isEmpty else {
            return .undecided(detail: "no certificate in openssl's output")
        }
        return .identities(certificates)
    }

    /// The certificates of the identities in `p12Path`; an undecided reading is an error here.
    public func identities(in p12Path: String, password: Secret) async throws(SigningError) -> [SigningCertificate] {
        switch try await read(p12Path, password: password) {
        case .identities(let certificates): return certificates
        case .undecided(let detail): throw .unreadableCertificate(p12: p12Path, detail: detail)
        }
    }

    static func command(_ p12Path: String, password: Secret, legacy: Bool, openssl: String = "openssl") -> ShellCommand {
        ShellCommand(
            openssl,
            ["pkcs12"] + (legacy ? ["-legacy"] : []) + ["-in", p12Path, "-nokeys", "-clcerts", "-passin", "env:\(passwordVariable)"],
            environment: [passwordVariable: password.value])
    }

    private func run(_ p12Path: String, password: Secret, legacy: Bool) async throws -> CapturedResult {
        try await shell.capture(Self.command(p12Path, password: password, legacy: legacy, openssl: openssl))
    }

    static func needsLegacy(_ result: CapturedResult) -> Bool {
        result.standardError.contains("unsupported") || result.standardError.contains("RC2")
    }

    /// LibreSSL, asked for `-legacy`, which it does not have.
    static func isUnknownOption(_ result: CapturedResult) -> Bool {
        !result.succeeded && result.standardError.localizedCaseInsensitiveContains("unknown option")
    }

    static func isWrongPassword(_ result: CapturedResult) -> Bool {
        result.standardError.localizedCaseInsensitiveContains("mac verify") || result.standardError.contains("invalid password")
    }
}
