import NightshiftCore

/// Which identity of the installer .p12 signs the pkg. productbuild signs with a Developer ID
/// Installer certificate only (a Developer ID Application one is for code, and Gatekeeper
/// refuses a package signed with it), so the .p12 must hold one; of several, the one that
/// expires last (the renewed certificate), as for the app's identity.
enum InstallerIdentity {
    static let commonNamePrefix = "Developer ID Installer:"

    static func choose(among identities: [SigningCertificate]) -> SigningCertificate? {
        identities.filter { $0.commonName?.hasPrefix(commonNamePrefix) == true }.max { $0.expiresAt < $1.expiresAt }
    }

    /// What the step says when the .p12 holds no installer identity, naming what it holds.
    static func missing(in p12: String, among identities: [SigningCertificate]) -> String {
        let names = identities.map { "'\($0.commonName ?? $0.sha1)'" }.joined(separator: ", ")
        return "the installer certificate \(p12) holds no '\(commonNamePrefix) …' identity (it holds \(names)): "
            + "productbuild signs a pkg with a Developer ID Installer certificate"
    }
}
