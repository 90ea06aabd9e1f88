import NightshiftCore
import Yams

extension LanesFileParser {
    static let configurationKeys = LanesKeys.configuration.names
    static let requiredConfigurationKeys = LanesKeys.configuration.requiredNames
    static let exportMethods = LanesKeys.exportMethods

    func parseConfigurations(_ node: Node) -> [Configuration] {
        guard let pairs = reader.mapping(node, in: "configurations", known: []) else { return [] }
        return pairs.compactMap { parseConfiguration(named: $0.key, $0.value, keyNode: $0.keyNode) }
    }

    private func parseConfiguration(named name: String, _ node: Node, keyNode: Node) -> Configuration? {
        let context = "configuration '\(name)'"
        guard let pairs = reader.mapping(node, in: context, known: Self.configurationKeys) else { return nil }
        require(Self.requiredConfigurationKeys, in: pairs, of: node, context: context, known: Self.configurationKeys)
        var values: [String: Template] = [:]
        var exportOptions: [String: PlistValue] = [:]
        var profiles: [String: Template] = [:]
        var xcode: XcodeRequirement?
        var cache: BuildCacheSettings?
        for (key, _, value) in pairs {
            if key == "xcode" {
                xcode = parseXcode(value, "\(context).xcode")
            } else if key == "cache" {
                cache = parseCache(value, "\(context).cache")
            } else if key == "export_options" {
                exportOptions = parsePlistDictionary(value, context: "\(context).export_options")
            } else if key == "profiles" {
                profiles = parseBundleProfiles(value, context: "\(context) profiles")
            } else if let template = reader.template(value, "\(context).\(key)") {
                values[key] = template
            }
        }
        if let method = values["export_method"], method.references.isEmpty, !Self.exportMethods.contains(method.raw) {
            bag.error(
                "unknown export_method '\(method.raw)' in \(context)", at: method.location,
                notes: Suggestion.note(for: method.raw, among: Self.exportMethods))
        }
        var configuration = Configuration(
            name: name, certificate: values["certificate"] ?? "", provisioningProfile: values["provisioning_profile"] ?? "",
            buildConfiguration: values["build_configuration"] ?? "", appIdentifier: values["app_identifier"] ?? "",
            exportMethod: values["export_method"] ?? "", teamID: values["team_id"], exportOptions: exportOptions,
            installerCertificate: values["installer_certificate"], profiles: profiles, location: reader.location(of: keyNode))
        configuration.xcode = xcode
        configuration.cache = cache
        return configuration
    }

    /// `profiles: { <bundle id>: <profile> }`. A bundle id is letters, digits, `-` and `.`
    /// (Apple's CFBundleIdentifier rule); anything else could never match a target.
    private func parseBundleProfiles(_ node: Node, context: String) -> [String: Template] {
        guard let pairs = reader.mapping(node, in: context, known: []) else { return [:] }
        var profiles: [String: Template] = [:]
        for (bundle, keyNode, value) in pairs {
            guard BundleIdentifierSyntax.isValid(bundle) else {
                bag.error(
                    "'\(bundle)' in \(context) is not a bundle identifier (letters, digits, '-' and '.' only)",
                    at: reader.location(of: keyNode))
                continue
            }
            if let template = reader.template(value, "\(context).\(bundle)") { profiles[bundle] = template }
        }
        return profiles
    }

    private func parsePlistDictionary(_ node: Node, context: String) -> [String: PlistValue] {
        guard let pairs = reader.mapping(node, in: context, known: []) else { return [:] }
        var result: [String: PlistValue] = [:]
        for (key, _, value) in pairs { result[key] = parsePlistValue(value, context: "\(context).\(key)") }
        return result
    }

    private func parsePlistValue(_ node: Node, context: String) -> PlistValue {
        switch node {
        case .mapping: return .dictionary(parsePlistDictionary(node, context: context))
        case .sequence(let items): return .array(items.map { parsePlistValue($0, context: context) })
        case .scalar(let scalar):
            if scalar.style == .plain, ["true", "false"].contains(scalar.string) { return .bool(scalar.string == "true") }
            if scalar.style == .plain, let number = Int(scalar.string) { return .integer(number) }
            return .string(Template(scalar.string, at: reader.location(of: node)))
        case .alias:
            bag.error("aliases are not supported in \(context)", at: reader.location(of: node))
            return .string("")
        }
    }
}
