import Foundation
import NightshiftServices

/// Works out a `SigningPlan` by reading App Store Connect (GET only): each private key's
/// certificate, found by its public key; each bundle id's registration; each profile by name,
/// and whether it is still what the configuration needs.
struct SigningPlanner: Sendable {
    let portal: SigningPortal
    let now: Date
    /// `signing check --days N`: a profile expiring within this is made again.
    var renewWithin: TimeInterval?
    /// A certificate expiring within this gets a warning.
    static let certificateWarning: TimeInterval = 30 * 86_400

    func plan(_ targets: [SigningTarget]) async throws -> SigningPlan {
        var plan = SigningPlan(certificates: [], profiles: [], zombies: [], problems: [], warnings: [])
        var certificates: [String: SigningPlan.CertificateStep] = [:]
        var devices: [String: [PortalResources.Device]] = [:]
        var bundles: [String: PortalResources.BundleID?] = [:]
        var zombieIDs: Set<String> = []
        for target in targets {
            guard let first = target.bundles.first,
                let kind = ProfileKind.kind(exportMethod: target.exportMethod, platform: first.platform)
            else {
                plan.problems.append(
                    "configuration '\(target.configuration)': App Store Connect makes no profile for export method '\(target.exportMethod)'\(target.bundles.first.map { " on \($0.platform)" } ?? "")"
                )
                continue
            }
            let key = try SigningKey(name: target.keyName, pem: target.keyPEM)
            let slot = Self.slot(key: target.keyName, kind: kind)
            let certificate = try await certificateStep(certificates[slot], key: key, kind: kind, plan: &plan)
            certificates[slot] = certificate
            if case .create = certificate.state, !kind.apiCreatesCertificate {
                plan.problems.append(
                    "configuration '\(target.configuration)': no \(kind.certificateTypes.joined(separator: " or ")) certificate on App Store Connect has the public key of private key '\(target.keyName)', and the API cannot create one: Apple lets only the Account Holder make Developer ID certificates (developer portal or Xcode); make it from this key's CSR there"
                )
            }
            var deviceIDs: [String] = []
            if kind.needsDevices {
                if devices[kind.devicePlatform] == nil {
                    devices[kind.devicePlatform] = try await portal.enabledDevices(platform: kind.devicePlatform)
                }
                deviceIDs = (devices[kind.devicePlatform] ?? []).map(\.id).sorted()
                if deviceIDs.isEmpty {
                    plan.problems.append(
                        "configuration '\(target.configuration)': a \(kind.profileType) profile lists the devices it installs on, and App Store Connect has no enabled \(kind.devicePlatform) device: register one first"
                    )
                }
            }
            for bundle in target.bundles {
                if bundles[bundle.identifier] == nil { bundles[bundle.identifier] = .some(try await portal.bundleID(bundle.identifier)) }
                let registered = bundles[bundle.identifier] ?? nil
                let name = target.profileName(for: bundle.identifier)
                var step = SigningPlan.ProfileStep(
                    configuration: target.configuration, bundleID: bundle.identifier, name: name, profileType: kind.profileType,
                    action: .create(reason: "missing"), bundleResourceID: registered?.id, keyName: target.keyName, certificateSlot: slot,
                    deviceIDs: deviceIDs)
                guard let registered else {
                    plan.problems.append(
                        "configuration '\(target.configuration)': bundle id \(bundle.identifier) is not registered on App Store Connect: register it (with the capabilities its entitlements use) in the developer portal or Xcode; nightshift does not register bundle ids, since it cannot know their capabilities"
                    )
                    step.action = .create(reason: "bundle id not registered")
                    plan.profiles.append(step)
                    continue
                }
                step.action = try await profileAction(
                    named: name, kind: kind, bundle: registered.id, certificate: certificate, devices: Set(deviceIDs), zombies: &zombieIDs,
                    content: &step.content, plan: &plan)
                plan.profiles.append(step)
            }
        }
        plan.certificates = certificates.values.sorted { $0.slot < $1.slot }
        return plan
    }

    /// A key's certificate of one kind: the type nightshift would create names the kind.
    static func slot(key: String, kind: ProfileKind) -> String { "\(key) \(kind.certificateTypeToCreate)" }

    /// The key's certificate: the first current one of the kind's types whose public key is the
    /// key's (an earlier configuration may already have looked it up).
    private func certificateStep(
        _ known: SigningPlan.CertificateStep?, key: SigningKey, kind: ProfileKind, plan: inout SigningPlan
    ) async throws -> SigningPlan.CertificateStep {
        if let known { return known }
        let candidates = try await portal.certificates(ofTypes: kind.certificateTypes)
        let found = candidates.first { certificate in
            guard let content = certificate.attributes?.certificateContent, let der = Data(base64Encoded: content),
                key.matches(certificateDER: Array(der))
            else { return false }
            let expires = PortalResources.date(certificate.attributes?.expirationDate)
            return expires.map { $0 > now } ?? true
        }
        guard let found else {
            return SigningPlan.CertificateStep(
                keyName: key.name, certificateType: kind.certificateTypeToCreate, state: .create, key: key,
                slot: Self.slot(key: key.name, kind: kind))
        }
        let attributes = found.attributes
        let expires = PortalResources.date(attributes?.expirationDate)
        let type = attributes?.certificateType ?? kind.certificateTypeToCreate
        if let expires, expires.timeIntervalSince(now) < Self.certificateWarning {
            let renewal =
                ProfileKind.accountHolderOnly.contains(type)
                ? "the API cannot renew a \(type) certificate: the Account Holder makes a new one in the developer portal"
                : "once it has expired, 'signing apply' creates a new one from the same key"
            plan.warnings.append(
                "certificate \(attributes?.name ?? found.id) of private key '\(key.name)' expires on \(SigningPlan.day(expires)); \(renewal)"
            )
        }
        return SigningPlan.CertificateStep(
            keyName: key.name, certificateType: type,
            state: .found(id: found.id, name: attributes?.name ?? attributes?.displayName ?? found.id, expires: expires), key: key,
            slot: Self.slot(key: key.name, kind: kind), content: attributes?.certificateContent)
    }

    /// Whether the profile named `name` is there and still fits; zombies of that name go on the
    /// plan's list once.
    private func profileAction(
        named name: String, kind: ProfileKind, bundle: String, certificate: SigningPlan.CertificateStep, devices: Set<String>,
        zombies: inout Set<String>, content: inout String?, plan: inout SigningPlan
    ) async throws -> SigningPlan.ProfileStep.Action {
        var live: (PortalResources.Profile, PortalResources.Profile)?
        for listed in try await portal.profiles(named: name) where listed.attributes?.name == name {
            guard let read = try await portal.profile(listed.id) else {
                if zombies.insert(listed.id).inserted { plan.zombies.append(SigningPlan.Zombie(id: listed.id, name: name)) }
                continue
            }
            if live == nil { live = (listed, read) }
        }
        guard let (listed, read) = live else { return .create(reason: "missing") }
        // Kept, it is what `signing: sync` installs; made again, the new one is.
        content = read.attributes?.profileContent
        let attributes = read.attributes ?? listed.attributes
        let expires = PortalResources.date(attributes?.expirationDate)
        if let state = attributes?.profileState, state != "ACTIVE" { return .recreate(id: read.id, reason: "its state is \(state)") }
        if let expires, expires <= now { return .recreate(id: read.id, reason: "expired on \(SigningPlan.day(expires))") }
        if let type = attributes?.profileType, type != kind.profileType {
            return .recreate(id: read.id, reason: "it is \(type), the export method needs \(kind.profileType)")
        }
        if let linked = try await portal.profileBundleID(read.id), linked != bundle {
            return .recreate(id: read.id, reason: "it is for another bundle id")
        }
        switch certificate.state {
        case .create:
            return .recreate(id: read.id, reason: "without the certificate, which is to be created")
        case .found(let id, _, _):
            if !(try await portal.profileCertificates(read.id)).contains(id) {
                return .recreate(id: read.id, reason: "without the certificate of private key '\(certificate.keyName)'")
            }
        }
        if kind.needsDevices {
            let missing = devices.subtracting(try await portal.profileDevices(read.id))
            if !missing.isEmpty {
                return .recreate(id: read.id, reason: "without \(missing.count) enabled device\(missing.count == 1 ? "" : "s")")
            }
        }
        if let renewWithin, let expires, expires.timeIntervalSince(now) < renewWithin {
            return .recreate(id: read.id, reason: "expires on \(SigningPlan.day(expires)), within \(Int(renewWithin / 86_400)) days")
        }
        return .keep(id: read.id, expires: expires)
    }
}
