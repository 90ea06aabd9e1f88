public import Foundation
public import NightshiftCore

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
    public func check(_ inputs: SigningInputs, now: Date) async throws -> [Diagnostic] {
        let findings = await examine(inputs, now: now, stoppingAtFirstProblem: true)
        if let problem = findings.problems.first { throw problem }
        return findings.warnings
    }

    /// Runs the checks and keeps what they found. With `stoppingAtFirstProblem` the .p12 is not
    /// opened once the profile has failed: a run needs only one reason not to start.
    public func examine(_ inputs: SigningInputs, now: Date, stoppingAtFirstProblem: Bool = false) async -> SigningFindings {
        var findings = SigningFindings()
        do {
            let profile = try profile(at: inputs.profilePath)
            findings.profile = profile
            findings.problems += Self.problems(with: profile, inputs, now: now)
        } catch {
            findings.problems.append(error)
        }
        if stoppingAtFirstProblem, !findings.problems.isEmpty { return findings }
        do {
            switch try await identities(inputs) {
            case .identities(let identities):
                findings.problems += choose(among: identities, inputs, into: &findings, now: now)
            case .undecided(let detail):
                findings.warnings.append(Self.undecidedWarning(p12: inputs.p12Path, detail: detail))
            }
        } catch {
            findings.problems.append(error)
        }
        if let profile = findings.profile, profile.expirationDate > now {
            findings.warnings += Self.warnings(for: profile, path: inputs.profilePath, now: now)
        }
        return findings
    }

    /// Picks the identity that signs into `findings.certificate`; returns what is wrong with it.
    private func choose(among identities: [SigningCertificate], _ inputs: SigningInputs, into findings: inout SigningFindings, now: Date)
        -> [SigningError]
    {
        guard let profile = findings.profile else {
            // The profile already failed; show the identity most likely meant.
            findings.certificate = identities.max { $0.expiresAt < $1.expiresAt }
            return []
        }
        guard let chosen = SigningIdentityChoice.identity(among: identities, listedIn: profile.certificates) else {
            let names =
                identities.count == 1
                ? ["'\(identities[0].commonName ?? identities[0].sha1)'"] : identities.map(SigningIdentityChoice.label)
            return [.certificateNotInProfile(p12: inputs.p12Path, profile: inputs.profilePath, identities: names)]
        }
        findings.certificate = chosen
        return chosen.expiresAt <= now ? [.certificateExpired(p12: inputs.p12Path, expiredAt: chosen.expiresAt)] : []
    }

    /// The .p12's identities, opened with the configured password.
    private func identities(_ inputs: SigningInputs) async throws(SigningError) -> P12Inspector.Reading {
        guard files.fileExists(atPath: inputs.p12Path) else { throw .missingFile(kind: "certificate", path: inputs.p12Path) }
        do {
            return try await inspector.read(inputs.p12Path, password: inputs.certificatePassword)
        } catch .wrongCertificatePassword(let p12) where inputs.emptyPasswordCause != nil {
            throw .emptyCertificatePassword(p12: p12, cause: inputs.emptyPasswordCause ?? "")
        }
    }

    /// A check that cannot decide never stops a lane that would have worked: `security import`
    /// has the last word on a .p12 openssl could not read.
    static func undecidedWarning(p12: String, detail: String) -> Diagnostic {
        let reason = detail.split(whereSeparator: \.isNewline).first.map(String.init) ?? detail
        return .warning(
            "openssl could not read the certificate in \(p12) (\(reason)), so its expiry and its place in the profile are not checked; `security import` decides whether it opens",
            at: nil)
    }

    /// The checks that need only the profile; throws the first problem.
    public static func validate(_ profile: ProvisioningProfile, _ inputs: SigningInputs, now: Date) throws(SigningError) {
        if let problem = problems(with: profile, inputs, now: now).first { throw problem }
    }

    /// What is wrong with the profile itself: expired, for another app, or for another team.
    static func problems(with profile: ProvisioningProfile, _ inputs: SigningInputs, now: Date) -> [SigningError] {
        let path = inputs.profilePath
        let appIdentifier = inputs.appIdentifier
        var problems: [SigningError] = []
        if profile.expirationDate <= now {
            problems.append(.profileExpired(path: path, name: profile.name, expiredAt: profile.expirationDate))
        }
        let team = profile.applicationIdentifierPrefix ?? profile.teamIdentifier
        if !AppIdentifierPattern.matches(profile.applicationIdentifier, team: team, bundleIdentifier: appIdentifier) {
            problems.append(.appIdentifierMismatch(path: path, profileIdentifier: profile.applicationIdentifier, configured: appIdentifier))
        }
        if let configured = inputs.teamID, configured != profile.teamIdentifier {
            problems.append(.teamMismatch(profile: path, profileTeam: profile.teamIdentifier, configured: configured))
        }
        return problems
    }

    public static func warnings(for profile: ProvisioningProfile, path: String, now: Date) -> [Diagnostic] {
        let remaining = profile.expirationDate.timeIntervalSince(now)
        guard remaining < warningPeriod else { return [] }
        let days = Int(remaining / 86_400)
        return [
            .warning(
                "provisioning profile '\(profile.name)' (\(path)) expires on \(UTCTimestamp.day(profile.expirationDate)), in \(days) day\(days == 1 ? "" : "s")",
                at: nil)
        ]
    }
}
