public import NightshiftCore

/// What the signing checks found for one configuration: what could be read, what is wrong and
/// what deserves a warning. A run stops at the first problem; `nightshift profiles` shows them
/// all, so the two can never disagree about what is acceptable.
public struct SigningFindings: Sendable, Hashable {
    public var profile: ProvisioningProfile?
    public var certificate: SigningCertificate?
    /// In the order the checks ran.
    public var problems: [SigningError]
    /// A profile expiring soon, a certificate openssl could not read.
    public var warnings: [Diagnostic]

    public init(
        profile: ProvisioningProfile? = nil, certificate: SigningCertificate? = nil, problems: [SigningError] = [],
        warnings: [Diagnostic] = []
    ) {
        self.profile = profile
        self.certificate = certificate
        self.problems = problems
        self.warnings = warnings
    }
}
