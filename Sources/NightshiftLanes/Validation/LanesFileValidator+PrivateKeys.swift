import NightshiftCore

extension LanesFileValidator {
    /// With `codesigning: { from: appstoreconnect }`, a configuration's `certificate:` names an
    /// entry of `private_keys`: a name written out that is not one is an error at load, before
    /// anything runs (one read from a variable is checked when it is expanded).
    func checkPrivateKeyNames() {
        guard let codesigning = file.codesigning, codesigning.from == .appStoreConnect else { return }
        let known = codesigning.privateKeys.keys.sorted()
        for configuration in file.configurations {
            let certificate = configuration.certificate
            guard certificate.references.isEmpty, codesigning.privateKeys[certificate.raw] == nil else { continue }
            bag.error(
                "certificate '\(certificate.raw)' of configuration '\(configuration.name)' is not an entry of codesigning.private_keys"
                    + (known.isEmpty ? ", which has none" : " (\(known.map { "'\($0)'" }.joined(separator: ", ")))"),
                at: certificate.location ?? configuration.location, notes: Suggestion.note(for: certificate.raw, among: known))
        }
    }
}
