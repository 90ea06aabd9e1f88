public import Foundation
import NightshiftCore

/// What `signing apply` would change on App Store Connect, and why: found from the project and
/// the portal by `SigningPlanner` with reads only.
public struct SigningPlan: Sendable {
    /// One per private key: its certificate on the portal, or the one to create.
    public var certificates: [CertificateStep]
    /// One per bundle id of each configuration.
    public var profiles: [ProfileStep]
    /// Profiles the list returns but a read answers 404 for: deleted by `apply`.
    public var zombies: [Zombie]
    /// What stops `apply` before any change (a bundle id not registered, a certificate the API
    /// cannot create): each a sentence saying what to do.
    public var problems: [String]
    /// What is worth knowing but changes nothing (a certificate expiring soon).
    public var warnings: [String]

    public struct CertificateStep: Sendable {
        public var keyName: String
        public var certificateType: String
        public var state: State

        public enum State: Sendable, Hashable {
            case found(id: String, name: String, expires: Date?)
            case create
        }

        /// The key's PEM, to make the request from: a secret, never printed.
        var key: SigningKey
        /// One key may sign certificates of several kinds (development and distribution): the
        /// profiles find theirs by key and kind.
        var slot: String
        /// Base64 of the found certificate's DER, for `signing: sync` to write it out.
        var content: String?
    }

    public struct ProfileStep: Sendable {
        public var configuration: String
        public var bundleID: String
        public var name: String
        public var profileType: String
        public var action: Action
        /// The portal's resource ids the new profile needs: nil for a bundle id not registered.
        var bundleResourceID: String?
        var keyName: String
        /// The `CertificateStep.slot` of the certificate it is made with.
        var certificateSlot: String
        var deviceIDs: [String]
        /// Base64 of a kept profile's .mobileprovision, for `signing: sync` to write it out.
        var content: String?

        public enum Action: Sendable, Hashable {
            case keep(id: String, expires: Date?)
            case create(reason: String)
            /// Apple has no PATCH for profiles: delete and create again.
            case recreate(id: String, reason: String)
        }
    }

    public struct Zombie: Sendable, Hashable {
        public var id: String
        public var name: String
    }

    /// Each change `apply` would make, as a line.
    public var changes: [String] {
        var lines: [String] = []
        for certificate in certificates where certificate.state == .create {
            lines.append("create certificate \(certificate.certificateType) from private key '\(certificate.keyName)'")
        }
        for zombie in zombies {
            lines.append("delete profile '\(zombie.name)' (\(zombie.id)): App Store Connect lists it, but reading it answers 404")
        }
        for profile in profiles {
            switch profile.action {
            case .keep: break
            case .create(let reason):
                lines.append("create profile '\(profile.name)' (\(profile.profileType), \(profile.bundleID)): \(reason)")
            case .recreate(let id, let reason):
                lines.append(
                    "delete and create again profile '\(profile.name)' (\(id), \(profile.profileType), \(profile.bundleID)): \(reason)")
            }
        }
        return lines
    }

    /// The whole plan: what was found, then what would change.
    public func render() -> String {
        var lines: [String] = []
        for certificate in certificates {
            switch certificate.state {
            case .found(let id, let name, let expires):
                lines.append(
                    "certificate  private key '\(certificate.keyName)': \(name) (\(id), \(certificate.certificateType))\(expires.map { ", expires \(Self.day($0))" } ?? "")"
                )
            case .create:
                lines.append("certificate  private key '\(certificate.keyName)': none on App Store Connect has its public key")
            }
        }
        for profile in profiles {
            let place = "profile      '\(profile.name)' (\(profile.configuration), \(profile.bundleID), \(profile.profileType))"
            switch profile.action {
            case .keep(let id, let expires):
                lines.append("\(place): up to date (\(id)\(expires.map { ", expires \(Self.day($0))" } ?? ""))")
            case .create(let reason): lines.append("\(place): \(reason)")
            case .recreate(_, let reason): lines.append("\(place): \(reason)")
            }
        }
        lines += warnings.map { Diagnostic.warning($0, at: nil).description }
        lines += problems.map { Diagnostic.error($0, at: nil).description }
        let changes = changes
        if changes.isEmpty {
            lines.append(problems.isEmpty ? "no changes: App Store Connect has what every configuration needs" : "no changes can be made")
        } else {
            lines.append("\(changes.count) change\(changes.count == 1 ? "" : "s") pending (nightshift signing apply makes them):")
            lines += changes.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func day(_ date: Date) -> String {
        UTCTimestamp.day(date)
    }
}
