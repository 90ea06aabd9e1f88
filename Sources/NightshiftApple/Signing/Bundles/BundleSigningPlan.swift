/// How a build signs each of its bundles: the profile and identity of every signed target,
/// keyed by bundle id. It becomes the `-xcconfig` archive passes (`SigningXCConfig`), the
/// profiles `install_profile` installs, ExportOptions' `provisioningProfiles`, the dry run's
/// table and the journal's record of what the archive was signed with.
public struct BundleSigningPlan: Sendable, Hashable {
    public struct Profile: Sendable, Hashable {
        public var path: String
        public var name: String
        public var uuid: String
        public var isMac: Bool

        public init(path: String, name: String, uuid: String, isMac: Bool) {
            self.path = path
            self.name = name
            self.uuid = uuid
            self.isMac = isMac
        }
    }

    public struct Entry: Sendable, Hashable {
        public var bundle: SignedBundles.Bundle
        /// Nil: signed without a profile (a Developer ID Mac bundle that needs none).
        public var profile: Profile?
        /// `CODE_SIGN_IDENTITY`: a common name, or a SHA-1 when two identities share one.
        public var identity: String
        /// Why this profile: "provisioning_profile", "profiles", "matched by bundle id".
        public var source: String
    }

    public var entries: [Entry]
    public var team: String?

    public init(entries: [Entry], team: String?) {
        self.entries = entries
        self.team = team
    }

    /// Bundle id → profile UUID, for ExportOptions and the journal; UUIDs, not names, because
    /// two installed profiles may share a name (last year's and its renewal) and Xcode would
    /// pick either.
    public var profileUUIDs: [String: String] {
        Dictionary(entries.compactMap { entry in entry.profile.map { (entry.bundle.identifier, $0.uuid) } }, uniquingKeysWith: { $1 })
    }

    /// One line per bundle for a log or the dry run: `works.sth.brewer.widget (BrewerWidget) → Brewer Widget (UUID)`.
    public var table: [String] {
        entries.map { entry in
            let bundle = "\(entry.bundle.identifier) (\(entry.bundle.target))"
            guard let profile = entry.profile else { return "\(bundle) → no profile (needs none), \(entry.identity)" }
            return "\(bundle) → \(profile.name) (\(profile.uuid)), \(entry.identity), by \(entry.source)"
        }
    }

    /// What the journal keeps of the plan: bundle → "uuid name", enough to tell a later run
    /// whether the archive was signed as it would be now.
    public var journalNote: [String: String] {
        var note: [String: String] = [:]
        for entry in entries {
            note["bundle \(entry.bundle.identifier)"] = entry.profile.map { "\($0.uuid) \($0.name)" } ?? "none"
        }
        return note
    }
}

/// A bundle that cannot be signed as planned, and what to do about it.
public struct BundleSigningProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var bundle: String
    public var target: String
    public var message: String

    public var description: String { "bundle '\(bundle)' (target '\(target)'): \(message)" }
}

/// Every problem of a plan, reported in one pass.
public struct BundleSigningProblems: Error, Sendable, Hashable, CustomStringConvertible {
    public var configuration: String
    public var problems: [BundleSigningProblem]

    public var description: String {
        let count = problems.count
        let header = "configuration '\(configuration)': \(count) signed bundle\(count == 1 ? "" : "s") cannot be signed"
        return ([header] + problems.map { "  - \($0)" }).joined(separator: "\n")
    }
}
