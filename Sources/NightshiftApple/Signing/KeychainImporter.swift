public import NightshiftCore
public import NightshiftSystem
/// Puts signing certificates into a temporary keychain for the length of a run.
public protocol KeychainImporter: Sendable {
    /// Creates, configures and unlocks the temporary keychain and puts it on the search list.
    /// `onCreated` is called the moment the keychain exists, before anything else can fail, so the
    /// caller can register the session's `restore` as cleanup straight away.
    func prepare(
        _ spec: KeychainSpec, output: @escaping CommandOutput,
        onCreated: @escaping @Sendable (KeychainSession) async -> Void
    ) async throws -> KeychainSession

    /// Imports a .p12 so that codesign can use its key without ever prompting.
    func importCertificate(
        at p12Path: String, password: Secret, into session: KeychainSession, output: @escaping CommandOutput
    ) async throws
}

public struct KeychainSpec: Sendable, Hashable {
    /// The keychain file, `.keychain-db` included.
    public var path: String
    public var password: Secret
    /// Also make it the default keychain (codesign only needs it on the search list).
    public var makeDefault: Bool

    public init(path: String, password: Secret, makeDefault: Bool) {
        self.path = path
        self.password = password
        self.makeDefault = makeDefault
    }
}

public struct KeychainSession: Sendable {
    public var keychainPath: String
    /// The keychain's own password (the key partition list is set with it).
    public var keychainPassword: Secret
    /// Takes the keychain off the user's current search list, hands the default keychain back if
    /// it is still this one, then deletes the keychain.
    public var restore: @Sendable () async throws -> Void

    public init(keychainPath: String, keychainPassword: Secret, restore: @escaping @Sendable () async throws -> Void) {
        self.keychainPath = keychainPath
        self.keychainPassword = keychainPassword
        self.restore = restore
    }
}

/// A keychain command that failed, with the (secret-free) command and what `security` said.
public struct KeychainError: Error, Sendable, Hashable, CustomStringConvertible {
    public var command: String
    public var termination: Termination
    public var detail: String

    public init(command: String, termination: Termination, detail: String) {
        self.command = command
        self.termination = termination
        self.detail = detail
    }

    public var description: String {
        let reason = detail.isEmpty ? "" : ": \(detail)"
        return "'\(command)' failed (\(termination))\(reason)"
    }
}
