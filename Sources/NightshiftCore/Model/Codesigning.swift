/// Where signing material lives and the keychain it goes into. Values normally come from
/// environment variables (`${CODESIGNING_PATH}`), never written in the file itself.
public struct Codesigning: Sendable, Hashable {
    /// Folder holding `<certificate>.p12` and `<profile>.mobileprovision` files.
    public var path: Template
    public var certificatePassword: Template?
    /// The installer certificate's password; the certificate's when absent (one export, one password).
    public var installerCertificatePassword: Template?
    public var keychain: KeychainSettings
    /// `from: appstoreconnect`: certificates and profiles come from App Store Connect's API
    /// (`nightshift signing`, the `signing: sync` step); nil: only the files under `path`.
    public var from: CodesigningSource?
    /// `private_keys:` the PEM private key of each certificate, by the name a configuration's
    /// `certificate:` gives it. Secrets, whatever variables they read.
    public var privateKeys: [String: Template]

    public init(
        path: Template, certificatePassword: Template? = nil, keychain: KeychainSettings = KeychainSettings(),
        from: CodesigningSource? = nil, privateKeys: [String: Template] = [:]
    ) {
        self.path = path
        self.certificatePassword = certificatePassword
        self.keychain = keychain
        self.from = from
        self.privateKeys = privateKeys
    }

    /// The certificates' and the keychain's passwords and the private keys: secrets, whatever
    /// variables they read.
    public var passwords: [Template] {
        [certificatePassword, installerCertificatePassword, keychain.password].compactMap { $0 }
            + privateKeys.keys.sorted().compactMap { privateKeys[$0] }
    }
}

/// Where `from:` takes signing material.
public enum CodesigningSource: String, Sendable, Hashable, CaseIterable {
    case appStoreConnect = "appstoreconnect"
}

public struct KeychainSettings: Sendable, Hashable {
    /// A keychain name or path; a `.keychain-db` under the run's folder when absent.
    public var name: Template?
    public var password: Template?
    /// Make the temporary keychain the default one (codesign only needs it on the search list).
    public var makeDefault: Bool

    public init(name: Template? = nil, password: Template? = nil, makeDefault: Bool = false) {
        self.name = name
        self.password = password
        self.makeDefault = makeDefault
    }
}
