import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// Writes what `signing: sync` got from App Store Connect where the import and install steps read
/// it: the certificate with its private key as `<certificate>.p12` (made by
/// `openssl pkcs12 -export`, the key on standard input and the password in the environment,
/// never on argv), each profile as `<name>.mobileprovision`, in a folder only the owner opens.
struct SigningFilesWriter: Sendable {
    let shell: any ShellRunner
    let openssl: String
    let secrets: RunSecrets

    static let passwordVariable = Codesigning.syncedPasswordVariable

    func write(
        _ outcome: SigningOutcome, key target: SigningTarget, into folder: String, exports: RunExports,
        log: @Sendable (String, OutputChannel) async -> Void
    ) async throws {
        for name in [target.keyName] + outcome.profiles.map(\.name) where !Self.isPlainName(name) {
            throw SigningPortalError("'\(name)' cannot name a file of the run's signing folder (a '/', '..' or NUL in it)")
        }
        guard let certificate = outcome.certificates.first(where: { $0.keyName == target.keyName }) else {
            throw SigningPortalError("App Store Connect returned no certificate content for private key '\(target.keyName)'")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
        } catch {
            throw SigningPortalError("cannot make the run's signing folder \(folder): \(error.localizedDescription)", reason: .missingFile)
        }
        // Random per run; learned first, so it is masked wherever it might appear.
        let password = (0..<4).map { _ in UUID().uuidString.replacingOccurrences(of: "-", with: "") }.joined()
        secrets.learn([password])
        let p12 = "\(folder)/\(target.keyName).p12"
        var command = Self.exportCommand(output: p12, openssl: openssl)
        command.environment[Self.passwordVariable] = password
        command.standardInput = Array(
            (target.keyPEM.trimmingCharacters(in: .whitespacesAndNewlines) + "\n" + Self.pem(certificate.der)).utf8)
        let result = try await shell.capture(command)
        guard result.succeeded else {
            throw SigningPortalError("openssl pkcs12 -export failed (\(result.termination)): \(result.failureDetail)", reason: .stepFailed)
        }
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: p12)
        await exports.set(Self.passwordVariable, password)
        await log("wrote \(p12) (certificate \(certificate.certificateType) with private key '\(target.keyName)')", .standardOutput)
        for profile in outcome.profiles {
            let path = "\(folder)/\(profile.name).mobileprovision"
            guard FileManager.default.createFile(atPath: path, contents: profile.content, attributes: [.posixPermissions: 0o600]) else {
                throw SigningPortalError("cannot write \(path)", reason: .missingFile)
            }
            await log("wrote \(path) (profile for \(profile.bundleID))", .standardOutput)
        }
    }

    /// The .p12 macOS's `security import` opens: 3DES and a SHA-1 MAC, which OpenSSL 3's default
    /// (AES-256 with a SHA-256 MAC) is not; key and certificate both from standard input.
    static func exportCommand(output: String, openssl: String) -> ShellCommand {
        ShellCommand(
            openssl,
            [
                "pkcs12", "-export", "-out", output, "-passout", "env:\(passwordVariable)", "-certpbe", "PBE-SHA1-3DES", "-keypbe",
                "PBE-SHA1-3DES", "-macalg", "sha1",
            ])
    }

    static func pem(_ der: Data) -> String {
        let base64 = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\0") && name != "." && name != ".."
    }
}
