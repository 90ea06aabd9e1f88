import Foundation
import NightshiftCore
import NightshiftServices

/// Makes a plan's changes, in an order that never leaves a profile without its certificate:
/// certificates first, then zombies deleted, then each profile deleted and created again (Apple
/// has no PATCH for profiles, and refuses a second profile of the same name). It never revokes
/// a certificate, and deletes no profile the plan did not name.
struct SigningApplier: Sendable {
    let portal: SigningPortal
    /// Each change as it is made, for the console or the run's journal.
    let record: @Sendable (String) async -> Void

    /// The certificates and profiles the plan ends with, made or kept.
    @discardableResult
    func apply(_ plan: SigningPlan) async throws -> SigningOutcome {
        if !plan.problems.isEmpty {
            throw SigningPortalError(
                "nothing was changed: " + plan.problems.joined(separator: "; "), reason: .invalidSetting)
        }
        var certificateIDs: [String: String] = [:]
        var outcome = SigningOutcome()
        let keep = { (certificate: SigningPlan.CertificateStep, content: String?) in
            guard let der = content.flatMap({ Data(base64Encoded: $0) }) else { return }
            outcome.certificates.append(
                SigningOutcome.Certificate(keyName: certificate.keyName, certificateType: certificate.certificateType, der: der))
        }
        for certificate in plan.certificates {
            switch certificate.state {
            case .found(let id, _, _):
                certificateIDs[certificate.slot] = id
                keep(certificate, certificate.content)
            case .create:
                let csr = try certificate.key.certificateSigningRequest(commonName: "nightshift \(certificate.keyName)")
                let made = try await portal.createCertificate(type: certificate.certificateType, csr: csr)
                certificateIDs[certificate.slot] = made.id
                keep(certificate, made.attributes?.certificateContent)
                let name = made.attributes?.name ?? made.attributes?.displayName ?? made.id
                await record(
                    "created certificate \(name) (\(made.id), \(certificate.certificateType)) from private key '\(certificate.keyName)'")
            }
        }
        for zombie in plan.zombies {
            try await portal.deleteProfile(zombie.id)
            await record("deleted profile '\(zombie.name)' (\(zombie.id)): App Store Connect listed it, but reading it answered 404")
        }
        for profile in plan.profiles {
            guard let certificate = certificateIDs[profile.certificateSlot], let bundle = profile.bundleResourceID else { continue }
            switch profile.action {
            case .keep:
                outcome.keep(profile, content: profile.content)
                continue
            case .recreate(let id, let reason):
                try await portal.deleteProfile(id)
                await record("deleted profile '\(profile.name)' (\(id)): \(reason)")
            case .create:
                break
            }
            let made: PortalResources.Profile
            do {
                made = try await portal.createProfile(
                    name: profile.name, type: profile.profileType, bundleID: bundle, certificates: [certificate], devices: profile.deviceIDs
                )
            } catch var error as SigningPortalError {
                if case .recreate = profile.action {
                    // Apple has no PATCH: the old profile is gone already, and saying so tells the
                    // reader why signing now finds none.
                    error.message +=
                        " (profile '\(profile.name)' was deleted to be made again and is missing now: run 'nightshift signing apply' again once this is fixed)"
                }
                throw error
            }
            let expires = PortalResources.date(made.attributes?.expirationDate).map { ", expires \(SigningPlan.day($0))" } ?? ""
            let devices = profile.deviceIDs.isEmpty ? "" : ", \(profile.deviceIDs.count) device\(profile.deviceIDs.count == 1 ? "" : "s")"
            await record("created profile '\(profile.name)' (\(made.id), \(profile.profileType), \(profile.bundleID)\(devices)\(expires))")
            outcome.keep(profile, content: made.attributes?.profileContent)
        }
        return outcome
    }
}

extension SigningOutcome {
    fileprivate mutating func keep(_ profile: SigningPlan.ProfileStep, content: String?) {
        guard let data = content.flatMap({ Data(base64Encoded: $0) }) else { return }
        profiles.append(Profile(configuration: profile.configuration, name: profile.name, bundleID: profile.bundleID, content: data))
    }
}
