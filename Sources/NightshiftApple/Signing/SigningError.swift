public import Foundation
import NightshiftCore

/// Why signing cannot go ahead, worded for the release engineer who has to fix it. Never holds a
/// password: only paths, names and dates.
public enum SigningError: Error, Sendable, Hashable, CustomStringConvertible {
    case missingFile(kind: String, path: String)
    case missingSetting(String)
    /// An environment variable a setting reads, named as `missingSetting` names a setting.
    case missingVariable(String)
    case wrongCertificatePassword(p12: String)
    /// The .p12 refused an empty password; `cause` names the variable or setting that left it empty.
    case emptyCertificatePassword(p12: String, cause: String)
    case unreadableCertificate(p12: String, detail: String)
    case certificateExpired(p12: String, expiredAt: Date)
    case unreadableProfile(path: String, reason: String)
    case profileExpired(path: String, name: String, expiredAt: Date)
    case appIdentifierMismatch(path: String, profileIdentifier: String, configured: String)
    /// `identities` are the .p12's, as `SigningIdentityChoice.label` names them when there are several.
    case certificateNotInProfile(p12: String, profile: String, identities: [String])
    case teamMismatch(profile: String, profileTeam: String, configured: String)
    case exportProducedNoIPA(folder: String)
    case protectedKeychain(path: String)
    /// Another run held the per-user search-list lock for longer than `waited`.
    case searchListLockTimedOut(path: String, pid: Int32?, waited: Duration)
    case searchListLockUnavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let kind, let path): "\(kind) not found: \(path)"
        case .missingSetting(let setting), .missingVariable(let setting): "\(setting) is not set"
        case .wrongCertificatePassword(let p12): "cannot open \(p12): wrong certificate password"
        case .emptyCertificatePassword(let p12, let cause): "cannot open \(p12) with an empty certificate password: \(cause)"
        case .unreadableCertificate(let p12, let detail): "cannot read the certificate in \(p12): \(detail)"
        case .certificateExpired(let p12, let date): "the certificate in \(p12) expired on \(UTCTimestamp.day(date))"
        case .unreadableProfile(let path, let reason): "cannot read provisioning profile \(path): \(reason)"
        case .profileExpired(let path, let name, let date): "provisioning profile '\(name)' (\(path)) expired on \(UTCTimestamp.day(date))"
        case .appIdentifierMismatch(let path, let profileIdentifier, let configured):
            "provisioning profile \(path) is for '\(profileIdentifier)', which does not cover app_identifier '\(configured)'"
        case .certificateNotInProfile(let p12, let profile, let identities) where identities.count == 1:
            "provisioning profile \(profile) does not include the certificate \(identities[0]) of \(p12)"
        case .certificateNotInProfile(let p12, let profile, let identities):
            "provisioning profile \(profile) includes none of the \(identities.count) identities in \(p12): \(identities.joined(separator: ", "))"
        case .teamMismatch(let profile, let profileTeam, let configured):
            "team_id '\(configured)' is not the team of provisioning profile \(profile) ('\(profileTeam)'): xcodebuild would refuse to sign with it"
        case .exportProducedNoIPA(let folder): "xcodebuild -exportArchive produced no .ipa in \(folder)"
        case .protectedKeychain(let path):
            "codesigning.keychain.name names \(path), the user's login keychain or the System keychain: nightshift deletes its temporary keychain before and after every run, so it must be one of its own (e.g. nightshift-ci)"
        case .searchListLockTimedOut(let path, let pid, let waited):
            "waited \(DurationFormatting.short(waited)) for \(path)\(pid.map { " (held by pid \($0))" } ?? ""): another nightshift run is changing the user's keychain search list and has not finished; is a security command of that run stuck?"
        case .searchListLockUnavailable(let path, let reason):
            "cannot lock the keychain search list with \(path): \(reason)"
        }
    }
}
