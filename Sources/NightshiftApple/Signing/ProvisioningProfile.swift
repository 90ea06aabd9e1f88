public import Foundation

/// What nightshift reads from a `.mobileprovision`: a CMS SignedData (DER) whose attached content
/// is an XML property list. The plist is taken out of the DER and decoded in Swift, so reading a
/// profile needs neither `security cms` (macOS only) nor `openssl`.
public struct ProvisioningProfile: Sendable, Hashable {
    public var uuid: String
    public var name: String
    public var teamIdentifier: String
    /// The `application-identifier` entitlement: `TEAM.com.example.app`, `TEAM.*`, `TEAM.com.example.*`.
    public var applicationIdentifier: String
    public var applicationIdentifierPrefix: String?
    public var expirationDate: Date
    public var provisionedDeviceCount: Int
    public var provisionsAllDevices: Bool
    public var certificates: [SigningCertificate]
    /// What the profile grants (`Entitlements`), each value as the profile states it.
    public var entitlements: [String: EntitlementValue] = [:]
    /// `Platform`: iOS, OSX, watchOS, tvOS, xrOS, visionOS.
    public var platforms: [String] = []
    /// `get-task-allow`: true in development profiles only.
    public var allowsDebugging = false

    public init(
        uuid: String, name: String, teamIdentifier: String, applicationIdentifier: String,
        applicationIdentifierPrefix: String?, expirationDate: Date, provisionedDeviceCount: Int,
        provisionsAllDevices: Bool, certificates: [SigningCertificate]
    ) {
        self.uuid = uuid
        self.name = name
        self.teamIdentifier = teamIdentifier
        self.applicationIdentifier = applicationIdentifier
        self.applicationIdentifierPrefix = applicationIdentifierPrefix
        self.expirationDate = expirationDate
        self.provisionedDeviceCount = provisionedDeviceCount
        self.provisionsAllDevices = provisionsAllDevices
        self.certificates = certificates
    }

    public struct Unreadable: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    public init(contentsOf data: Data) throws(Unreadable) {
        let plist = try Self.embeddedPropertyList(in: data)
        let raw: RawProfile
        do {
            raw = try PropertyListDecoder().decode(RawProfile.self, from: plist)
        } catch {
            throw Unreadable(description: "its property list lacks a required key (\(Self.explain(error)))")
        }
        let certificates = try raw.developerCertificates.map { data throws(Unreadable) in
            do { return try SigningCertificate(der: Array(data)) } catch {
                throw Unreadable(description: "one of its DeveloperCertificates is not a valid certificate")
            }
        }
        guard let team = raw.teamIdentifier.first else { throw Unreadable(description: "TeamIdentifier is empty") }
        self.init(
            uuid: raw.uuid, name: raw.name, teamIdentifier: team,
            applicationIdentifier: raw.entitlements.applicationIdentifier,
            applicationIdentifierPrefix: raw.applicationIdentifierPrefix?.first,
            expirationDate: raw.expirationDate, provisionedDeviceCount: raw.provisionedDevices?.count ?? 0,
            provisionsAllDevices: raw.provisionsAllDevices ?? false, certificates: certificates)
        // The typed decoding above names what is missing; the entitlements are read generically,
        // since a profile may grant any of Apple's hundreds of keys.
        if let whole = try? PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any] {
            platforms = (whole["Platform"] as? [String]) ?? []
            let granted = (whole["Entitlements"] as? [String: Any]) ?? [:]
            entitlements = granted.mapValues(EntitlementValue.init(propertyList:))
            allowsDebugging = entitlements["get-task-allow"] == .bool(true)
        }
    }

    /// Whether this is a macOS profile (a `.provisionprofile`).
    public var isForMac: Bool { platforms.contains("OSX") || platforms.contains("macOS") }

    /// The bundle identifier part: the application identifier without its team prefix.
    public var bundleIdentifierPattern: String {
        let prefix = (applicationIdentifierPrefix ?? teamIdentifier) + "."
        return applicationIdentifier.hasPrefix(prefix) ? String(applicationIdentifier.dropFirst(prefix.count)) : applicationIdentifier
    }

    /// The XML plist inside the signed data: from `<?xml` to the end of `</plist>`. The content is
    /// stored whole as one OCTET STRING in Apple's profiles, so it is contiguous in the DER.
    static func embeddedPropertyList(in data: Data) throws(Unreadable) -> Data {
        let start = Data("<?xml".utf8)
        let end = Data("</plist>".utf8)
        guard let open = data.range(of: start),
            let close = data.range(of: end, in: open.upperBound..<data.endIndex)
        else { throw Unreadable(description: "no property list found in it (is it a .mobileprovision?)") }
        return data.subdata(in: open.lowerBound..<close.upperBound)
    }

    private static func explain(_ error: any Error) -> String {
        if case DecodingError.keyNotFound(let key, _) = error { return "missing \(key.stringValue)" }
        if case DecodingError.typeMismatch(_, let context) = error {
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        return "not a profile property list"
    }
}

private struct RawProfile: Decodable {
    struct Entitlements: Decodable {
        var applicationIdentifier: String

        enum CodingKeys: String, CodingKey {
            case applicationIdentifier = "application-identifier"
            case macApplicationIdentifier = "com.apple.application-identifier"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // macOS profiles name the entitlement com.apple.application-identifier.
            applicationIdentifier =
                try container.decodeIfPresent(String.self, forKey: .applicationIdentifier)
                ?? container.decode(String.self, forKey: .macApplicationIdentifier)
        }
    }

    var uuid: String
    var name: String
    var teamIdentifier: [String]
    var applicationIdentifierPrefix: [String]?
    var expirationDate: Date
    var provisionedDevices: [String]?
    var provisionsAllDevices: Bool?
    var developerCertificates: [Data]
    var entitlements: Entitlements

    enum CodingKeys: String, CodingKey {
        case uuid = "UUID"
        case name = "Name"
        case teamIdentifier = "TeamIdentifier"
        case applicationIdentifierPrefix = "ApplicationIdentifierPrefix"
        case expirationDate = "ExpirationDate"
        case provisionedDevices = "ProvisionedDevices"
        case provisionsAllDevices = "ProvisionsAllDevices"
        case developerCertificates = "DeveloperCertificates"
        case entitlements = "Entitlements"
    }
}
