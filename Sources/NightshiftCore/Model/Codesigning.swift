/// Where signing material lives and the keychain it goes into. Values normally come from
/// environment variables (`${CODESIGNING_PATH}`), never written in the file itself.
public struct Codesigning: Sendable, Hashable {
    /// Folder holding `<certificate>.p12` and `<profile>.mobileprovision` files.
    public var path: Template
    public var certificatePassword: Template?
    /// The installer certificate's password; the certificate's when absent (one export, one password).
    public var installerCertificatePassword: Template?
    public var keychain: KeychainSettings

    public init(path: Template, certificatePassword: Template? = nil, keychain: KeychainSettings = KeychainSettings()) {
        self.path = path
        self.certificatePassword = certificatePassword
        self.keychain = keychain
    }

    /// The certificates' and the keychain's passwords: secrets, whatever variables they read.
    public var passwords: [Template] {
        [certificatePassword, installerCertificatePassword, keychain.password].compactMap { $0 }
    }
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
