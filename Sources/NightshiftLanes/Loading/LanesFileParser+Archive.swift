import NightshiftCore
import NightshiftSchema
import Yams

extension LanesFileParser {
    static let archiveKeys = LanesKeys.archive.names
    static let buildNumberKeys = LanesKeys.buildNumber.names

    /// `archive: { build_number: { from: … }, version: …, endpoint: … }`; `archive` and
    /// `archive: {}` build with the project's own numbers.
    func parseArchive(_ node: Node) -> ArchiveStepSettings? {
        guard let pairs = reader.mapping(node, in: "archive", known: Self.archiveKeys) else { return nil }
        var settings = ArchiveStepSettings()
        for (key, _, value) in pairs {
            switch key {
            case "build_number": settings.buildNumber = parseBuildNumber(value)
            case "version": settings.version = reader.template(value, "archive.version")
            case "endpoint":
                settings.endpoint = reader.template(value, "archive.endpoint")
                checkEndpoint(settings.endpoint, at: value)
            default: break
            }
        }
        return settings
    }

    /// `{ from: appstoreconnect | git | env, variable: NAME }`; `variable:` only with `env`.
    private func parseBuildNumber(_ node: Node) -> BuildNumberSetting? {
        guard let pairs = reader.mapping(node, in: "archive.build_number", known: Self.buildNumberKeys) else { return nil }
        guard let from = pairs.first(where: { $0.key == "from" }) else {
            bag.error(
                "archive.build_number needs 'from:'", at: reader.location(of: node),
                notes: ["one of: \(BuildNumberSetting.sources.joined(separator: ", "))"])
            return nil
        }
        let variablePair = pairs.first { $0.key == "variable" }
        // `variable:` with nothing after it means as little as `variable: ""`: both are said so.
        let variable = variablePair.flatMap { reader.isNull($0.value) ? "" : reader.string($0.value, "archive.build_number.variable") }
        if let variable, let pair = variablePair, variable.isEmpty {
            bag.error(
                "archive.build_number.variable is empty", at: reader.location(of: pair.value),
                notes: ["name the variable that holds the build number, or leave 'variable:' out to read the CI's own"])
        } else if let variable, let pair = variablePair, !Interpolation.isValidName(variable) {
            bag.error("'\(variable)' is not a variable name", at: reader.location(of: pair.value))
        }
        guard let source = reader.string(from.value, "archive.build_number.from") else { return nil }
        if source != "env", let pair = variablePair {
            bag.error(
                "'variable:' has no meaning with 'from: \(source)'", at: reader.location(of: pair.keyNode),
                notes: ["it names the variable of 'from: env'"])
        }
        switch source {
        case "appstoreconnect": return .appStoreConnect
        case "git": return .git
        case "env": return .environment(variable: variable)
        default:
            bag.error(
                "archive.build_number.from must be one of \(BuildNumberSetting.sources.joined(separator: ", ")), not '\(source)'",
                at: reader.location(of: from.value), notes: Suggestion.note(for: source, among: BuildNumberSetting.sources))
            return nil
        }
    }

    /// A URL written out is checked now, with the decoder the upload's `endpoint:` uses.
    private func checkEndpoint(_ endpoint: Template?, at node: Node) {
        guard let endpoint, endpoint.references.isEmpty else { return }
        do throws(UploadValueProblem) {
            _ = try UploadKeys.endpoint.decode(endpoint.raw)
        } catch {
            bag.error("archive: \(error.message)", at: reader.location(of: node))
        }
    }
}
