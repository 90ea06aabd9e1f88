public import Foundation
import NightshiftCore

/// Chooses each signed bundle's profile from the signing folder. The app's is the one
/// `provisioning_profile:` names; a bundle listed under `profiles:` gets the one named there;
/// every other bundle gets the folder's profile whose app id covers its bundle id (an explicit
/// id before a wildcard, the longest wildcard first), that fits the export method and the
/// platform, lists one of the certificate's identities and has not expired. Whatever is chosen
/// must grant what the target's entitlements ask for. Every problem of every bundle is kept, so
/// one run names them all.
public struct BundleProfileMatcher: Sendable {
    public var configuration: String
    public var catalog: ProfileCatalog
    /// `provisioning_profile:`, resolved.
    public var appProfile: String
    /// `profiles:`, resolved: bundle id → profile.
    public var named: [String: String]
    public var exportMethod: String
    public var team: String?
    /// The .p12's identities; nil when they were not read (a dry run, or openssl could not).
    public var identities: [SigningCertificate]?
    /// `CODE_SIGN_IDENTITY` when the identities are unknown.
    public var fallbackIdentity: String
    public var now: Date

    public init(
        configuration: String, catalog: ProfileCatalog, appProfile: String, named: [String: String], exportMethod: String,
        team: String?, identities: [SigningCertificate]?, fallbackIdentity: String, now: Date
    ) {
        self.configuration = configuration
        self.catalog = catalog
        self.appProfile = appProfile
        self.named = named
        self.exportMethod = exportMethod
        self.team = team
        self.identities = identities
        self.fallbackIdentity = fallbackIdentity
        self.now = now
    }

    /// The configuration's settings as `inputs` resolved them.
    public init(_ inputs: SigningInputs, catalog: ProfileCatalog, team: String?, identities: [SigningCertificate]?, now: Date) {
        self.init(
            configuration: inputs.configurationName, catalog: catalog, appProfile: inputs.appProfile, named: inputs.bundleProfiles,
            exportMethod: inputs.exportMethod, team: team, identities: identities,
            fallbackIdentity: ExportedBundle(method: inputs.exportMethod).fallbackIdentity, now: now)
    }

    /// What each of `bundles` asks of its profile, read from its entitlements file with `files`.
    public static func entitlements(
        of bundles: [SignedBundles.Bundle], team: String?, files: any SigningFileSystem
    ) -> [String: Result<RequestedEntitlements, BundleSigningProblem>] {
        var requested: [String: Result<RequestedEntitlements, BundleSigningProblem>] = [:]
        for bundle in bundles {
            guard let path = bundle.entitlementsPath, requested[bundle.identifier] == nil else { continue }
            do {
                requested[bundle.identifier] = .success(
                    try RequestedEntitlements(propertyList: files.contents(atPath: path), settings: bundle.settings, team: team))
            } catch {
                requested[bundle.identifier] = .failure(
                    BundleSigningProblem(
                        bundle: bundle.identifier, target: bundle.target,
                        message: "its entitlements file (CODE_SIGN_ENTITLEMENTS) \(path) cannot be read as a property list: \(error)"))
            }
        }
        return requested
    }

    /// The plan for `bundles` (the app first), or every problem found.
    public func plan(
        _ bundles: [SignedBundles.Bundle], entitlements: [String: Result<RequestedEntitlements, BundleSigningProblem>]
    ) throws(BundleSigningProblems) -> BundleSigningPlan {
        var entries: [BundleSigningPlan.Entry] = []
        var problems: [BundleSigningProblem] = []
        var keys: [String: String] = [:]
        for (index, bundle) in bundles.enumerated() {
            let problem = { (message: String) in
                BundleSigningProblem(bundle: bundle.identifier, target: bundle.target, message: message)
            }
            guard BundleIdentifierSyntax.isValid(bundle.identifier) else {
                problems.append(problem("not a valid bundle identifier (letters, digits, '-' and '.' only)"))
                continue
            }
            let key = BuildSettingMacro.c99ExtendedIdentifier(bundle.identifier)
            if let other = keys.updateValue(bundle.identifier, forKey: key) {
                problems.append(
                    problem("Xcode's build settings spell it '\(key)', as they spell '\(other)': nightshift cannot sign the two apart"))
                continue
            }
            var requested = RequestedEntitlements(values: [:])
            switch entitlements[bundle.identifier] {
            case .failure(let failure): problems.append(failure)
            case .success(let values): requested = values
            case nil: break
            }
            switch choose(for: bundle, isApp: index == 0, requested: requested) {
            case .success(let entry): entries.append(entry)
            case .failure(let message): problems.append(problem(message))
            }
        }
        guard problems.isEmpty else { throw BundleSigningProblems(configuration: configuration, problems: problems) }
        // Without the .p12's identities (a dry run), a bundle that needs no profile is shown
        // with the identity the app signs with, as xcodebuild will sign it.
        if identities == nil, let app = entries.first, app.profile != nil {
            for index in entries.indices where entries[index].profile == nil { entries[index].identity = app.identity }
        }
        return BundleSigningPlan(entries: entries, team: team)
    }

    private enum Choice {
        case success(BundleSigningPlan.Entry)
        case failure(String)
    }

    private func choose(for bundle: SignedBundles.Bundle, isApp: Bool, requested: RequestedEntitlements) -> Choice {
        let wanted: (value: String, setting: String)? =
            isApp
            ? (appProfile, "provisioning_profile") : named[bundle.identifier].map { ($0, "profiles.\(bundle.identifier)") }
        let needsNone = needsNoProfile(bundle, requested)
        if let wanted {
            guard let entry = catalog.named(wanted.value) else {
                if needsNone { return .success(unprofiled(bundle)) }
                return .failure(
                    "\(wanted.setting) names '\(wanted.value)', but \(catalog.folder) has no \(wanted.value).mobileprovision or "
                        + ".provisionprofile, nor a profile of that name\(unreadableNote)")
            }
            if let reason = rejection(of: entry, for: bundle) ?? ungranted(entry, bundle, requested) {
                return .failure("\(wanted.setting) names '\(entry.profile.name)' (\(entry.path)), which \(reason)")
            }
            return .success(signed(bundle, with: entry, source: wanted.setting))
        }
        if needsNone { return .success(unprofiled(bundle)) }
        let covering = catalog.entries.filter { covers($0.profile, bundle.identifier) }
        guard !covering.isEmpty else {
            return .failure(
                "no profile in \(catalog.folder) is for this bundle id\(unreadableNote); add its \(profileKindNeeded) profile there, "
                    + "or name one under configurations.\(configuration).profiles")
        }
        let fitting = covering.filter { rejection(of: $0, for: bundle) == nil }.sorted(by: preferred)
        guard let best = fitting.first(where: { ungranted($0, bundle, requested) == nil }) ?? fitting.first else {
            let reasons = covering.map { "'\($0.profile.name)' (\($0.path)) \(rejection(of: $0, for: bundle) ?? "")" }
            return .failure(
                "no profile in \(catalog.folder) fits it: \(reasons.joined(separator: "; ")); add a current \(profileKindNeeded) profile for it"
            )
        }
        if let gap = ungranted(best, bundle, requested) {
            return .failure("its best profile '\(best.profile.name)' (\(best.path)) \(gap)")
        }
        return .success(signed(bundle, with: best, source: "matched by bundle id"))
    }

    /// A Developer ID Mac bundle whose entitlements Apple grants without a profile (TN3125).
    private func needsNoProfile(_ bundle: SignedBundles.Bundle, _ requested: RequestedEntitlements) -> Bool {
        bundle.isMac && ["developer-id", "mac-application"].contains(exportMethod)
            && requested.restricted(onMac: true, team: team).isEmpty
    }

    /// Why `entry` cannot sign `bundle` whatever its entitlements; nil when it can.
    private func rejection(of entry: ProfileCatalog.Entry, for bundle: SignedBundles.Bundle) -> String? {
        let profile = entry.profile
        if !ProfileInstaller.isUUID(profile.uuid) { return "has no valid UUID ('\(profile.uuid)')" }
        if !covers(profile, bundle.identifier) { return "is for '\(profile.applicationIdentifier)', not this bundle id" }
        if profile.expirationDate <= now { return "expired on \(UTCTimestamp.day(profile.expirationDate))" }
        if let team, profile.teamIdentifier != team { return "belongs to team '\(profile.teamIdentifier)', not '\(team)'" }
        if bundle.isMac != profile.isForMac, !profile.platforms.isEmpty {
            return "is for \(profile.platforms.joined(separator: "/")), not \(bundle.platform)"
        }
        let kind = ProfileDistribution(profile)
        if let accepted = ProfileDistribution.accepted(byExportMethod: exportMethod), !accepted.contains(kind) {
            return
                "is a\(kind == .adHoc || kind == .enterprise ? "n" : "") \(kind.rawValue) profile, and export_method \(exportMethod) needs \(profileKindNeeded)"
        }
        if let identities, SigningIdentityChoice.identity(among: identities, listedIn: profile.certificates) == nil {
            return "does not list the certificate's identity"
        }
        return nil
    }

    private func ungranted(_ entry: ProfileCatalog.Entry, _ bundle: SignedBundles.Bundle, _ requested: RequestedEntitlements) -> String? {
        let missing = requested.notGranted(by: entry.profile, onMac: bundle.isMac, team: team)
        guard !missing.isEmpty else { return nil }
        let file = bundle.entitlementsPath.map { " (\($0))" } ?? ""
        return "does not grant what its entitlements\(file) ask for: \(missing.joined(separator: ", ")); "
            + "enable it for the app id in the developer portal and download the profile again"
    }

    /// Explicit ids first, then wildcards by the length of their stem, then the latest expiry.
    private func preferred(_ lhs: ProfileCatalog.Entry, _ rhs: ProfileCatalog.Entry) -> Bool {
        let (left, right) = (specificity(lhs.profile), specificity(rhs.profile))
        if left != right { return left > right }
        if lhs.profile.expirationDate != rhs.profile.expirationDate { return lhs.profile.expirationDate > rhs.profile.expirationDate }
        return lhs.path < rhs.path
    }

    private func specificity(_ profile: ProvisioningProfile) -> Int {
        let pattern = profile.bundleIdentifierPattern
        return pattern.hasSuffix("*") ? pattern.count - 1 : Int.max
    }

    private func covers(_ profile: ProvisioningProfile, _ bundle: String) -> Bool {
        AppIdentifierPattern.matches(
            profile.applicationIdentifier, team: profile.applicationIdentifierPrefix ?? profile.teamIdentifier, bundleIdentifier: bundle)
    }

    private var profileKindNeeded: String {
        ProfileDistribution.accepted(byExportMethod: exportMethod).map { $0.map(\.rawValue).sorted().joined(separator: " or ") }
            ?? "distribution"
    }

    private var unreadableNote: String {
        catalog.unreadable.isEmpty
            ? ""
            : " (unreadable there: \(catalog.unreadable.keys.sorted().map { "\($0): \(catalog.unreadable[$0] ?? "")" }.joined(separator: "; ")))"
    }

    private func signed(_ bundle: SignedBundles.Bundle, with entry: ProfileCatalog.Entry, source: String) -> BundleSigningPlan.Entry {
        let profile = entry.profile
        var identity = profile.certificates.first.map { $0.commonName ?? $0.sha1 } ?? fallbackIdentity
        var sha1 = profile.certificates.first?.sha1
        if let identities, let chosen = SigningIdentityChoice.identity(among: identities, listedIn: profile.certificates) {
            identity = SigningIdentityChoice.codeSignIdentity(chosen, among: identities)
            sha1 = chosen.sha1
        }
        if SigningXCConfig.unwritable(identity), let sha1 { identity = sha1 }
        return BundleSigningPlan.Entry(
            bundle: bundle,
            profile: BundleSigningPlan.Profile(path: entry.path, name: profile.name, uuid: profile.uuid, isMac: profile.isForMac),
            identity: identity, source: source)
    }

    private func unprofiled(_ bundle: SignedBundles.Bundle) -> BundleSigningPlan.Entry {
        let identity = identities.flatMap { $0.max { $0.expiresAt < $1.expiresAt } }.map {
            SigningIdentityChoice.codeSignIdentity($0, among: identities ?? [])
        }
        return BundleSigningPlan.Entry(bundle: bundle, profile: nil, identity: identity ?? fallbackIdentity, source: "needs none")
    }
}
