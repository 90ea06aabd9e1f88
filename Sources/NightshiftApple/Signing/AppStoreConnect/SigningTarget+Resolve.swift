public import NightshiftCore
public import NightshiftSystem

extension SigningTarget {
    /// `configuration`'s target, its templates expanded in `environment`: the key `certificate:`
    /// names in `codesigning.private_keys` (learned by `secrets`, each base64 line alone too, as
    /// a tool or server may quote one line), its profile's name, and the `bundles` its scheme signs.
    public static func resolve(
        _ configuration: Configuration, codesigning: Codesigning, environment: EnvironmentVariables, secrets: RunSecrets,
        bundles: [Bundle]
    ) throws(SigningPortalError) -> SigningTarget {
        let resolve = { (template: Template) in template.expand(in: environment) }
        let keyName = resolve(configuration.certificate)
        guard let keyTemplate = codesigning.privateKeys[keyName] else {
            let known = codesigning.privateKeys.keys.sorted()
            throw SigningPortalError(
                "configuration '\(configuration.name)': certificate '\(keyName)' is not an entry of codesigning.private_keys"
                    + (known.isEmpty ? " (it has none)" : " (it has \(known.map { "'\($0)'" }.joined(separator: ", ")))"))
        }
        let pem = resolve(keyTemplate)
        secrets.learn(pem.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.hasPrefix("-----") })
        guard !pem.isEmpty else {
            let unset = keyTemplate.references.map(\.name).map { "'\($0)'" }.joined(separator: ", ")
            throw SigningPortalError(
                "codesigning.private_keys.\(keyName) is empty" + (unset.isEmpty ? "" : ": is environment variable \(unset) set?"),
                reason: .missingVariable)
        }
        return SigningTarget(
            configuration: configuration.name, keyName: keyName, keyPEM: pem, profileName: resolve(configuration.provisioningProfile),
            exportMethod: resolve(configuration.exportMethod), appIdentifier: resolve(configuration.appIdentifier), bundles: bundles)
    }
}
