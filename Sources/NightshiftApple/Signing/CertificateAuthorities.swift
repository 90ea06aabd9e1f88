/// Apple's intermediate certificate authorities a signing certificate chains to, by the issuer
/// its certificate names. A Mac that lacks the intermediate cannot use the identity
/// (`security find-identity -v` calls it invalid, codesign fails), and certificates issued by a
/// retired one must be made again (fastlane#29890: WWDR G1 expired on 7 February 2023).
public enum CertificateAuthorities {
    public struct Intermediate: Sendable, Hashable {
        public var name: CertificateName
        /// "WWDR G3", "Developer ID G2": what Apple's download page calls it.
        public var shortName: String
        /// The .cer at https://www.apple.com/certificateauthority/.
        public var download: String?
        /// Apple no longer issues through it and its own certificate has expired.
        public var isRetired: Bool
    }

    static let wwdr = "Apple Worldwide Developer Relations Certification Authority"
    static let developerID = "Developer ID Certification Authority"

    public static let known: [Intermediate] = [
        Intermediate(
            name: CertificateName(commonName: wwdr, unit: "Apple Worldwide Developer Relations"), shortName: "WWDR G1", download: nil,
            isRetired: true),
        Intermediate(
            name: CertificateName(commonName: wwdr, unit: "G2"), shortName: "WWDR G2", download: "AppleWWDRCAG2.cer", isRetired: false),
        Intermediate(
            name: CertificateName(commonName: wwdr, unit: "G3"), shortName: "WWDR G3", download: "AppleWWDRCAG3.cer", isRetired: false),
        Intermediate(
            name: CertificateName(commonName: wwdr, unit: "G4"), shortName: "WWDR G4", download: "AppleWWDRCAG4.cer", isRetired: false),
        Intermediate(
            name: CertificateName(commonName: wwdr, unit: "G5"), shortName: "WWDR G5", download: "AppleWWDRCAG5.cer", isRetired: false),
        Intermediate(
            name: CertificateName(commonName: wwdr, unit: "G6"), shortName: "WWDR G6", download: "AppleWWDRCAG6.cer", isRetired: false),
        Intermediate(
            name: CertificateName(commonName: developerID, unit: "Apple Certification Authority"), shortName: "Developer ID G1",
            download: "DeveloperIDCA.cer", isRetired: false),
        Intermediate(
            name: CertificateName(commonName: developerID, unit: "G2"), shortName: "Developer ID G2", download: "DeveloperIDG2CA.cer",
            isRetired: false),
    ]

    /// The intermediate `certificate` names as its issuer; nil for an issuer Apple does not use.
    public static func issuer(of certificate: SigningCertificate) -> Intermediate? {
        known.first { $0.name == certificate.issuer }
    }

    public static let downloadPage = "https://www.apple.com/certificateauthority/"
}
