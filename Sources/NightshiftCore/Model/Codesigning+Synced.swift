extension Codesigning {
    /// Where a run's `signing: sync` writes the certificate (`<certificate>.p12`) and profiles
    /// (`<name>.mobileprovision`): `codesigning.path` for a run of `from: appstoreconnect`.
    public static func syncedFolder(runFolder: String) -> String { runFolder + "/signing" }

    /// Hands the password `signing: sync` made for its .p12 to `import_certificate`, as an
    /// export of the step; the run's secrets mask it.
    public static let syncedPasswordVariable = "NIGHTSHIFT_SIGNING_CERTIFICATE_PASSWORD"
}

extension Codesigning {
    /// What `from: appstoreconnect` reads to sign in to the API, as the templates an upload to
    /// TestFlight reads: the key's id and the key (its PEM or a path). The issuer id is not among
    /// them: an individual key has none, and the signing client goes without it.
    public var appStoreConnectKeyTemplates: [Template] {
        guard from == .appStoreConnect else { return [] }
        return [Template(NotarizeSettings.keyIDVariable), Template(NotarizeSettings.privateKeyVariable)]
    }
}
