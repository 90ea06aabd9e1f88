/// Puts signing certificates into a temporary keychain for the length of a run.
// Owned by the signing work; the shape follows STYLE.md §3.5 and may be refined there.
public protocol KeychainImporter: Sendable {
    /// Creates, configures and unlocks the temporary keychain and puts it on the search list.
    /// The returned session knows how to undo all of that.
    func prepare(_ spec: KeychainSpec) async throws -> KeychainSession
    func importCertificate(at p12Path: String, password: Secret, into session: KeychainSession) async throws
}

public struct KeychainSpec: Sendable, Hashable {
    public var path: String
    public var password: Secret
    public var makeDefault: Bool

    public init(path: String, password: Secret, makeDefault: Bool) {
        self.path = path
        self.password = password
        self.makeDefault = makeDefault
    }
}

public struct KeychainSession: Sendable {
    public var keychainPath: String
    /// Restores the previous search list and default keychain, then deletes the keychain.
    public var restore: @Sendable () async throws -> Void

    public init(keychainPath: String, restore: @escaping @Sendable () async throws -> Void) {
        self.keychainPath = keychainPath
        self.restore = restore
    }
}
