import NightshiftCore
import Yams

extension LanesFileParser {
    static let projectKeys = LanesKeys.project.names
    static let codesigningKeys = LanesKeys.codesigning.names
    static let keychainKeys = LanesKeys.keychain.names

    func parseProject(_ node: Node) -> Project? {
        guard let pairs = reader.mapping(node, in: "project", known: Self.projectKeys) else { return nil }
        require(LanesKeys.project.requiredNames, in: pairs, of: node, context: "project", known: Self.projectKeys)
        var project = Project(name: "")
        for (key, _, value) in pairs {
            let template = reader.template(value, "project.\(key)")
            switch key {
            case "name": project.name = template ?? ""
            case "workspace": project.workspace = template
            case "project": project.xcodeProject = template
            case "scheme": project.scheme = template
            case "destination": project.destination = template
            case "team_id": project.teamID = template
            default: break
            }
        }
        if project.workspace != nil, project.xcodeProject != nil {
            bag.error("project names both a workspace and a project; xcodebuild takes one of them", at: reader.location(of: node))
        }
        return project
    }

    func parseCodesigning(_ node: Node) -> Codesigning? {
        guard let pairs = reader.mapping(node, in: "codesigning", known: Self.codesigningKeys) else { return nil }
        // With `from:` the files come from App Store Connect: no folder is needed.
        if !pairs.contains(where: { $0.key == "from" }) {
            require(["path"], in: pairs, of: node, context: "codesigning", known: Self.codesigningKeys)
        }
        var codesigning = Codesigning(path: "")
        for (key, _, value) in pairs {
            switch key {
            case "path": codesigning.path = reader.template(value, "codesigning.path") ?? ""
            case "certificate_password": codesigning.certificatePassword = reader.template(value, "codesigning.certificate_password")
            case "installer_certificate_password":
                codesigning.installerCertificatePassword = reader.template(value, "codesigning.installer_certificate_password")
            case "keychain": codesigning.keychain = parseKeychain(value)
            case "from": codesigning.from = parseCodesigningSource(value)
            case "private_keys": codesigning.privateKeys = parsePrivateKeys(value)
            default: break
            }
        }
        if codesigning.from == nil, !codesigning.privateKeys.isEmpty, let keys = pairs.first(where: { $0.key == "private_keys" }) {
            bag.error(
                "codesigning.private_keys needs 'from: appstoreconnect': the keys make certificates through App Store Connect's API",
                at: reader.location(of: keys.keyNode))
        }
        return codesigning
    }

    private func parseKeychain(_ node: Node) -> KeychainSettings {
        var keychain = KeychainSettings()
        guard let pairs = reader.mapping(node, in: "codesigning.keychain", known: Self.keychainKeys) else { return keychain }
        for (key, _, value) in pairs {
            switch key {
            case "name": keychain.name = reader.template(value, "codesigning.keychain.name")
            case "password": keychain.password = reader.template(value, "codesigning.keychain.password")
            case "default": keychain.makeDefault = reader.bool(value, "codesigning.keychain.default") ?? false
            default: break
            }
        }
        return keychain
    }
}
