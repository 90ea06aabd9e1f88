/// What a step was made from, as digests (and a few masked settings to name in messages). The
/// fingerprint is a digest of all of it; keeping the parts lets a resumed run say *what* changed.
public struct StepInputs: Codable, Sendable, Hashable {
    /// SHA-256 of the step as written, after interpolation.
    public var step: String
    /// The configuration in force: each setting's path → SHA-256 of its expanded value.
    public var configuration: [String: String]
    /// The same settings, expanded and masked, for messages such as `export_method ad-hoc →
    /// app-store-connect`.
    public var settings: [String: String]
    /// Each variable the step reads → SHA-256 of its value ("unset" when it has none).
    public var variables: [String: String]
    /// Each product the step consumes → the fingerprint of the step that made it.
    public var consumes: [String: String]
    public var commit: String?
    /// Whether tracked files differed from the commit as the attempt started: kept for people,
    /// not part of the fingerprint.
    public var dirty: Bool?
    /// How the value digests were made: `hmac-sha256` (keyed, `JournalKey`); nil in a journal
    /// of a nightshift before keyed digests, whose plain SHA-256s cannot be compared.
    public var digests: String?

    public init(
        step: String, configuration: [String: String] = [:], settings: [String: String] = [:], variables: [String: String] = [:],
        consumes: [String: String] = [:], commit: String? = nil, dirty: Bool? = nil, digests: String? = nil
    ) {
        self.digests = digests
        self.step = step
        self.configuration = configuration
        self.settings = settings
        self.variables = variables
        self.consumes = consumes
        self.commit = commit
        self.dirty = dirty
    }

    /// The digest of every part, in a fixed order.
    public var fingerprint: String {
        var lines = ["step \(step)"]
        lines += configuration.keys.sorted().map { "configuration \($0) \(configuration[$0]!)" }
        lines += variables.keys.sorted().map { "variable \($0) \(variables[$0]!)" }
        lines += consumes.keys.sorted().map { "consumes \($0) \(consumes[$0]!)" }
        // Not `dirty`: a resumed run compares the tree with the state the attempt before left
        // (`WorkingTreeComparison`), since steps of the run itself change tracked files.
        lines.append("commit \(commit ?? "-")")
        return ContentDigest.sha256(lines.joined(separator: "\n"))
    }

    /// Why these inputs differ from `earlier`, most telling first; nil when they do not.
    public func change(since earlier: StepInputs) -> String? {
        if digests != earlier.digests {
            return "its journal entry was written by an older nightshift, whose unkeyed digests cannot be compared"
        }
        if commit != earlier.commit {
            return "the commit changed (\(Self.short(earlier.commit)) → \(Self.short(commit)))"
        }
        if step != earlier.step { return "the step changed" }
        if let change = Self.changedKey(configuration, earlier.configuration) {
            return settingChange(change, earlier: earlier)
        }
        if let name = Self.changedKey(variables, earlier.variables) {
            if earlier.variables[name] == nil { return "it now reads \(name)" }
            if variables[name] == nil { return "it no longer reads \(name)" }
            return "\(name) changed"
        }
        if let product = Self.changedKey(consumes, earlier.consumes) { return "its \(product) input was made again" }
        return nil
    }

    private func settingChange(_ key: String, earlier: StepInputs) -> String {
        let values = "(\(earlier.settings[key] ?? "unset") → \(settings[key] ?? "unset"))"
        if key == "export_method" { return "ExportOptions changed (method \(values.dropFirst())" }
        if key.hasPrefix("export_options.") {
            return "ExportOptions changed (\(key.dropFirst("export_options.".count)) \(values.dropFirst())"
        }
        if key == "codesigning.profiles" { return "the provisioning profiles in the signing folder changed" }
        // Signing secrets are digests only: say which setting changed, not to what.
        guard settings[key] != nil || earlier.settings[key] != nil else { return "\(key) changed" }
        return "the configuration changed (\(key) \(values.dropFirst())"
    }

    private static func changedKey(_ now: [String: String], _ earlier: [String: String]) -> String? {
        Set(now.keys).union(earlier.keys).sorted().first { now[$0] != earlier[$0] }
    }

    private static func short(_ commit: String?) -> String {
        commit.map { String($0.prefix(7)) } ?? "none"
    }
}
