/// `release: { build: "412", version: "3.2.0", whats_new: …, release_type: after_approval,
/// phased: true, encryption: false }`: the App Store version to prepare, the build it carries,
/// and how it goes to review and out. The key comes from the variables `upload: { to: testflight }`
/// reads, through templates, so the loader names a missing one before any step runs.
public struct ReleaseSettings: Sendable, Hashable {
    public enum WhatsNew: Sendable, Hashable {
        case none
        /// One text for every locale the version has.
        case text(Template)
        /// `{ en-US: …, de-DE: … }`.
        case perLocale([String: Template])
        /// `{ from: DIR }`: `DIR/<locale>.txt`, or fastlane's `DIR/<locale>/release_notes.txt`.
        case folder(Template)
        /// `{ from: git }`: the release notes nightshift builds from the commits.
        case git
    }

    public enum ReleaseType: String, Sendable, Hashable, CaseIterable {
        case manual
        case afterApproval = "after_approval"
        case scheduled
    }

    /// A build number, or `latest`; nil: the build this run uploaded, else the latest.
    public var build: Template?
    /// nil: the build's own version.
    public var version: Template?
    public var whatsNew: WhatsNew = .none
    public var releaseType: ReleaseType?
    /// `earliest_release:` (ISO 8601), with `release_type: scheduled`.
    public var earliestRelease: Template?
    public var phased: Bool?
    /// The export-compliance answer set on a build that has none.
    public var encryption: Bool?
    public var submit = true
    public var cancelPrevious = false
    /// The API's base URL; nil: `APP_STORE_CONNECT_ENDPOINT`, else Apple's.
    public var endpoint: Template?
    public var keyID: Template
    public var issuerID: Template
    public var privateKey: Template
    public var location: SourceLocation?

    public init(location: SourceLocation? = nil) {
        self.keyID = Template(NotarizeSettings.keyIDVariable, at: location)
        self.issuerID = Template(NotarizeSettings.issuerIDVariable, at: location)
        self.privateKey = Template(NotarizeSettings.privateKeyVariable, at: location)
        self.location = location
    }

    /// Every template the step reads, for the variables it needs and its fingerprint.
    public var keyedTemplates: [(String, Template)] {
        var pairs: [(String, Template)] = []
        if let build { pairs.append(("build", build)) }
        if let version { pairs.append(("version", version)) }
        switch whatsNew {
        case .text(let text): pairs.append(("whats_new", text))
        case .perLocale(let texts): pairs += texts.sorted { $0.key < $1.key }.map { ("whats_new.\($0.key)", $0.value) }
        case .folder(let folder): pairs.append(("whats_new.from", folder))
        case .none, .git: break
        }
        if let earliestRelease { pairs.append(("earliest_release", earliestRelease)) }
        if let endpoint { pairs.append(("endpoint", endpoint)) }
        return pairs + [("key_id", keyID), ("issuer_id", issuerID), ("private_key", privateKey)]
    }

    /// What else of the step its fingerprint holds.
    public var writtenLines: [String] {
        [
            "whats_new_git \(whatsNew == .git)", "release_type \(releaseType?.rawValue ?? "-")", "phased \(phased.map(String.init) ?? "-")",
            "encryption \(encryption.map(String.init) ?? "-")", "submit \(submit)", "cancel_previous \(cancelPrevious)",
        ]
    }

    /// App Store Connect's locale codes: `en-US`, `de-DE`, `zh-Hans`, `es-419`, `ja`: the keys of
    /// `whats_new:` and the names in a What's New folder.
    public static func isLocale(_ key: String) -> Bool {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isLetter && $0.isLowercase }) else {
            return false
        }
        return parts.count <= 3
            && parts.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }
}
