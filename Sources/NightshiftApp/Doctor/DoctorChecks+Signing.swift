import Foundation
import NightshiftApple
import NightshiftCore
import NightshiftSystem

/// The signing files of one configuration, checked as `run`'s preflight checks them, with a
/// longer notice of expiry and the intermediate the certificate chains to.
struct SigningDoctorChecks {
    /// A renewal takes a portal visit and a CI secret update: a month's notice.
    static let notice: TimeInterval = 30 * 86_400

    let files: any SigningFileSystem
    let inspector: P12Inspector
    let now: Date

    /// The checks, and the certificate found (whose intermediate the machine must have).
    func check(_ configuration: Configuration, in file: LanesFile, environment: EnvironmentVariables) async
        -> (checks: [DoctorCheck], certificates: [SigningCertificate])
    {
        let subject = "signing files of configuration '\(configuration.name)'"
        let inputs: SigningInputs
        do {
            inputs = try SigningInputs.resolve(file, configuration: configuration, environment: environment, runFolder: "")
                .locatingProfile(with: files)
        } catch {
            return ([DoctorCheck(.missing, subject, "\(error)", fix: "set what it names (see the variables check above)")], [])
        }
        if file.codesigning?.from == .appStoreConnect {
            return ([DoctorCheck(.ready, subject, "made on App Store Connect by the lane's 'signing: sync' step")], [])
        }
        let findings = await SigningPreflight(files: files, inspector: inspector).examine(inputs, now: now)
        var checks: [DoctorCheck] = []
        if !findings.problems.isEmpty {
            checks.append(
                DoctorCheck(
                    .missing, subject, findings.problems.map(\.description).joined(separator: "; "),
                    fix:
                        "put \(configuration.certificate.raw).p12 and the profile '\(configuration.provisioningProfile.raw)' in \(inputs.signingFolder) "
                        + "(Docs/Signing.md), matching app_identifier \(inputs.appIdentifier), or use 'codesigning: { from: appstoreconnect }'"
                ))
        }
        checks += expiries(findings, subject: subject)
        checks += findings.warnings.map { DoctorCheck(.attention, subject, $0.message) }
        if checks.isEmpty {
            let certificate = findings.certificate.map { "certificate \($0.commonName ?? $0.sha1)" } ?? "certificate"
            let profile = findings.profile.map { "profile '\($0.name)'" } ?? "profile"
            checks.append(DoctorCheck(.ready, subject, "\(certificate) and \(profile) present, readable and matching"))
        }
        if let certificate = findings.certificate { checks.append(chain(certificate)) }
        return (checks, findings.certificate.map { [$0] } ?? [])
    }

    /// Within a month of the end: `run` still signs, but not for long.
    private func expiries(_ findings: SigningFindings, subject: String) -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        let ends = [
            findings.certificate.map { ("certificate \($0.commonName ?? $0.sha1)", $0.expiresAt) },
            findings.profile.map { ("profile '\($0.name)'", $0.expirationDate) },
        ].compactMap { $0 }
        for (what, date) in ends where date > now && date.timeIntervalSince(now) < Self.notice {
            let days = Int(date.timeIntervalSince(now) / 86_400)
            checks.append(
                DoctorCheck(
                    .attention, subject, "\(what) expires on \(UTCTimestamp.day(date)), in \(days) day\(days == 1 ? "" : "s")",
                    fix: "renew it on developer.apple.com (Certificates, Identifiers & Profiles) and replace the file"))
        }
        return checks
    }

    /// The intermediate the certificate names as its issuer: a retired one is a dead end.
    private func chain(_ certificate: SigningCertificate) -> DoctorCheck {
        let subject = "intermediate of \(certificate.commonName ?? certificate.sha1)"
        guard let intermediate = CertificateAuthorities.issuer(of: certificate) else {
            let issuer = [certificate.issuer?.commonName, certificate.issuer?.unit].compactMap { $0 }.joined(separator: ", ")
            return DoctorCheck(
                .attention, subject, "issued by \(issuer.isEmpty ? "an unnamed authority" : issuer), not one of Apple's intermediates",
                fix: "codesign accepts only certificates Apple issued: make one on developer.apple.com")
        }
        if intermediate.isRetired {
            return DoctorCheck(
                .missing, subject, "issued by \(intermediate.shortName), which Apple retired",
                fix: "make a new certificate on developer.apple.com: it is issued by a current intermediate")
        }
        return DoctorCheck(.ready, subject, "issued by \(intermediate.shortName)")
    }
}
