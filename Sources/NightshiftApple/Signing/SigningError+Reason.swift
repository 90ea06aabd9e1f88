public import NightshiftCore

extension SigningError {
    /// Its code in reports: one per case, except the two search-list lock problems, which a
    /// reader handles alike (another run holds the keychain list).
    public var reason: FailureReason {
        switch self {
        case .missingFile: .missingFile
        case .missingSetting: .missingSetting
        case .missingVariable: .missingVariable
        case .wrongCertificatePassword, .emptyCertificatePassword: .wrongCertificatePassword
        case .unreadableCertificate: .unreadableCertificate
        case .certificateExpired: .certificateExpired
        case .unreadableProfile: .unreadableProfile
        case .profileExpired: .profileExpired
        case .appIdentifierMismatch: .appIdentifierMismatch
        case .certificateNotInProfile: .certificateNotInProfile
        case .teamMismatch: .teamMismatch
        case .exportProducedNoIPA: .missingBuildProduct
        case .protectedKeychain: .protectedKeychain
        case .searchListLockTimedOut, .searchListLockUnavailable: .keychainLocked
        }
    }
}
