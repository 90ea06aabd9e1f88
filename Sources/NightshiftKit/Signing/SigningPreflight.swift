public import Foundation

/// The checks made before anything runs: the profile is readable, current, for this app and
/// this certificate; the .p12 opens with its password and its certificate is current.
public struct SigningPreflight: Sendable {
    /// Profiles expiring sooner than this get a warning.
    public static let warningPeriod: TimeInterval = 14 * 24 * 3600

    private let files: any SigningFileSystem
    private let inspector: P12Inspector

    public init(files: any SigningFileSystem, inspector: P12Inspector) {
        self.files = files
        self.inspector = inspector
    }

    /// Reads and parses the profile at `path`.
    public func profile(at path: String) throws(SigningError) -> ProvisioningProfile {
        guard files.fileExists(atPath: path) else { throw .missingFile(kind: "provisioning profile", path: path) }
        do {
            return try ProvisioningProfile(contentsOf: files.contents(atPath: path))
        } catch let error as ProvisioningProfile.Unreadable {
            throw .unreadableProfile(path: path, reason: error.description)
        } catch {
            throw .unreadableProfile(path: path, reason: String(describing: error))
        }
    }

    /// Runs every check; returns the warnings to show (a profile expiring soon).
    public func check(_ inputs: SigningInputs, now: Date) async throws -> [String] {
        let profile = try profile(at: inputs.profilePath)
        try Self.validate(profile, path: inputs.profilePath, appIdentifier: inputs.appIdentifier, now: now)
        guard files.fileExists(atPath: inputs.p12Path) else { throw SigningError.missingFile(kind: "certificate", path: inputs.p12Path) }
        let certificate = try await inspector.certificate(in: inputs.p12Path, password: inputs.certificatePassword)
        if certificate.expiresAt <= now { throw SigningError.certificateExpired(p12: inputs.p12Path, expiredAt: certificate.expiresAt) }
        guard profile.certificates.contains(where: { $0.sha1 == certificate.sha1 }) else {
            throw SigningError.certificateNotInProfile(
                p12: inputs.p12Path, profile: inputs.profilePath, certificate: certificate.commonName ?? certificate.sha1)
        }
        return Self.warnings(for: profile, path: inputs.profilePath, now: now)
    }

    /// The checks that need only the profile.
    public static func validate(_ profile: ProvisioningProfile, path: String, appIdentifier: String, now: Date) throws(SigningError) {
        if profile.expirationDate <= now {
            throw .profileExpired(path: path, name: profile.name, expiredAt: profile.expirationDate)
        }
        let team = profile.applicationIdentifierPrefix ?? profile.teamIdentifier
        guard AppIdentifierPattern.matches(profile.applicationIdentifier, team: team, bundleIdentifier: appIdentifier) else {
            throw .appIdentifierMismatch(path: path, profileIdentifier: profile.applicationIdentifier, configured: appIdentifier)
        }
    }

    public static func warnings(for profile: ProvisioningProfile, path: String, now: Date) -> [String] {
        let remaining = profile.expirationDate.timeIntervalSince(now)
        guard remaining < warningPeriod else { return [] }
        let days = Int(remaining / 86_400)
        return ["warning: provisioning profile '\(profile.name)' (\(path)) expires on \(SigningError.day(profile.expirationDate)), in \(days) day\(days == 1 ? "" : "s")"]
    }
}
