/// Stands in until a real keychain importer is wired: fails plainly instead of pretending.
public struct UnavailableKeychainImporter: KeychainImporter {
    public init() {}

    public func prepare(_ spec: KeychainSpec) async throws -> KeychainSession {
        throw StepFailure("keychain support is not available in this build")
    }

    public func importCertificate(at p12Path: String, password: Secret, into session: KeychainSession) async throws {
        throw StepFailure("keychain support is not available in this build")
    }
}
