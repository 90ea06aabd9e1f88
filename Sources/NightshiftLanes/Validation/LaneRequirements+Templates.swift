public import NightshiftCore
/// The templates of the file's sections, keyed by their path under the section, in file order.
extension Configuration {
    public var keyedTemplates: [(String, Template)] {
        var pairs: [(String, Template)] = [
            ("certificate", certificate), ("provisioning_profile", provisioningProfile),
            ("build_configuration", buildConfiguration), ("app_identifier", appIdentifier),
            ("export_method", exportMethod),
        ]
        if let teamID { pairs.append(("team_id", teamID)) }
        if let installerCertificate { pairs.append(("installer_certificate", installerCertificate)) }
        for bundle in profiles.keys.sorted() { pairs += profiles[bundle].map { [("profiles.\(bundle)", $0)] } ?? [] }
        for key in exportOptions.keys.sorted() {
            pairs += exportOptions[key].map { $0.keyedTemplates(at: "export_options.\(key)") } ?? []
        }
        return pairs
    }
}

extension PlistValue {
    func keyedTemplates(at path: String) -> [(String, Template)] {
        switch self {
        case .string(let template): [(path, template)]
        case .bool, .integer: []
        case .array(let values): values.enumerated().flatMap { $1.keyedTemplates(at: "\(path).\($0)") }
        case .dictionary(let values):
            values.keys.sorted().flatMap { key in values[key].map { $0.keyedTemplates(at: "\(path).\(key)") } ?? [] }
        }
    }
}

extension Codesigning {
    public var keyedTemplates: [(String, Template)] {
        let optional: [(String, Template?)] = [
            ("path", path), ("certificate_password", certificatePassword),
            ("installer_certificate_password", installerCertificatePassword),
            ("keychain.name", keychain.name), ("keychain.password", keychain.password),
        ]
        let keys = privateKeys.keys.sorted().compactMap { name in privateKeys[name].map { ("private_keys.\(name)", $0) } }
        return optional.compactMap { key, template in template.map { (key, $0) } } + keys
    }
}

extension Project {
    public var keyedTemplates: [(String, Template)] {
        let optional: [(String, Template?)] = [
            ("name", name), ("workspace", workspace), ("project", xcodeProject), ("scheme", scheme),
            ("destination", destination), ("team_id", teamID),
        ]
        return optional.compactMap { key, template in template.map { (key, $0) } }
    }
}
