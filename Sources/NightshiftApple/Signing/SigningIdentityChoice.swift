import NightshiftCore
/// Which identity of a .p12 signs. A Keychain Access export can hold several (last year's and
/// this year's distribution certificate, or a development one beside it), and codesign needs
/// the one the profile lists: taking the file's first is how a lane signs with a certificate the
/// profile does not include.
enum SigningIdentityChoice {
    /// The identity whose certificate `profile` lists; of several, the one that expires last
    /// (the renewed certificate). Nil when the profile lists none of them.
    static func identity(among identities: [SigningCertificate], listedIn profile: [SigningCertificate]) -> SigningCertificate? {
        let listed = Set(profile.map(\.sha1))
        return identities.filter { listed.contains($0.sha1) }.max { $0.expiresAt < $1.expiresAt }
    }

    /// What `CODE_SIGN_IDENTITY` names: the common name, unless another identity in the same
    /// .p12 shares it (a renewed certificate keeps its name), when only the SHA-1 is unambiguous.
    static func codeSignIdentity(_ chosen: SigningCertificate, among identities: [SigningCertificate]) -> String {
        guard let name = chosen.commonName,
            !identities.contains(where: { $0.sha1 != chosen.sha1 && $0.commonName == name })
        else { return chosen.sha1 }
        return name
    }

    /// How an identity is named in an error that lists several: name and fingerprint.
    static func label(_ certificate: SigningCertificate) -> String {
        "'\(certificate.commonName ?? "no common name")' (SHA-1 \(certificate.sha1))"
    }
}
