import NightshiftCore
import Yams

extension LanesFileParser {
    static let releaseKeys = LanesKeys.release.names

    /// `release:` as a mapping; `- release` and `release: {}` take every default.
    func parseRelease(_ node: Node) -> ReleaseSettings? {
        var settings = ReleaseSettings(location: reader.location(of: node))
        if reader.isNull(node) { return settings }
        guard let pairs = reader.mapping(node, in: "release", known: Self.releaseKeys) else { return nil }
        var releaseTypeNode: Node?
        for (key, _, value) in pairs {
            switch key {
            case "build":
                settings.build = reader.scalarText(value, "release.build")
                if let build = settings.build, build.references.isEmpty, build.raw != "latest",
                    build.raw.isEmpty || !build.raw.allSatisfy({ $0.isNumber || $0 == "." })
                {
                    bag.error("release.build must be a build number or 'latest', found '\(build.raw)'", at: reader.location(of: value))
                }
            case "version": settings.version = reader.scalarText(value, "release.version")
            case "whats_new": settings.whatsNew = parseWhatsNew(value) ?? .none
            case "release_type":
                guard let word = reader.string(value, "release.release_type") else { continue }
                guard let type = ReleaseSettings.ReleaseType(rawValue: word) else {
                    let names = ReleaseSettings.ReleaseType.allCases.map(\.rawValue)
                    bag.error(
                        "release.release_type must be one of \(names.joined(separator: ", ")), found '\(word)'",
                        at: reader.location(of: value),
                        notes: Suggestion.note(for: word, among: names))
                    continue
                }
                settings.releaseType = type
                releaseTypeNode = value
            case "earliest_release": settings.earliestRelease = reader.template(value, "release.earliest_release")
            case "phased": settings.phased = reader.bool(value, "release.phased")
            case "encryption": settings.encryption = reader.bool(value, "release.encryption")
            case "submit": settings.submit = reader.bool(value, "release.submit") ?? true
            case "cancel_previous": settings.cancelPrevious = reader.bool(value, "release.cancel_previous") ?? false
            case "endpoint": settings.endpoint = reader.template(value, "release.endpoint")
            default: break
            }
        }
        if settings.releaseType == .scheduled, settings.earliestRelease == nil, let releaseTypeNode {
            bag.error(
                "release.release_type: scheduled needs 'earliest_release:' (ISO 8601, e.g. 2026-12-01T10:00:00Z)",
                at: reader.location(of: releaseTypeNode))
        }
        if settings.earliestRelease != nil, settings.releaseType != .scheduled,
            let pair = pairs.first(where: { $0.key == "earliest_release" })
        {
            bag.error("release.earliest_release goes with 'release_type: scheduled'", at: reader.location(of: pair.keyNode))
        }
        return settings
    }

    /// One text, `{ from: git }`, `{ from: DIR }`, or a text per locale.
    private func parseWhatsNew(_ node: Node) -> ReleaseSettings.WhatsNew? {
        if case .scalar = node { return reader.scalarText(node, "release.whats_new").map { .text($0) } }
        guard let pairs = reader.mapping(node, in: "release.whats_new", known: []) else { return nil }
        if pairs.count == 1, pairs[0].key == "from" {
            guard let source = reader.template(pairs[0].value, "release.whats_new.from") else { return nil }
            return source.raw == "git" ? .git : .folder(source)
        }
        var texts: [String: Template] = [:]
        for pair in pairs {
            guard ReleaseSettings.isLocale(pair.key) else {
                bag.error(
                    "release.whats_new: '\(pair.key)' is not a locale (en-US, de-DE, fr-FR…); write 'from: git' or 'from: DIR' alone",
                    at: reader.location(of: pair.keyNode))
                continue
            }
            if let text = reader.scalarText(pair.value, "release.whats_new.\(pair.key)") { texts[pair.key] = text }
        }
        return .perLocale(texts)
    }
}
