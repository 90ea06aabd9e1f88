import Foundation
import NightshiftServices
import NightshiftCore

/// The parts of App Store Connect's provisioning resources (`bundleIds`, `certificates`,
/// `profiles`, `devices`) that signing reads, as Apple's OpenAPI document names them. Every
/// attribute is optional: a new attribute or a missing one does not break decoding. Each is
/// Services' `JSONAPI.Resource` (an id and the attributes) over its own attributes.
enum PortalResources {
    /// `GET /v1/bundleIds?filter[identifier]=…`: Apple's filter also returns identifiers that
    /// merely start with the one asked for, so the exact one is picked by `identifier`.
    typealias BundleID = JSONAPI.Resource<BundleIDAttributes>

    struct BundleIDAttributes: Decodable, Sendable, Hashable {
        var identifier: String?
        var name: String?
        var platform: String?
        var seedId: String?
    }

    typealias Certificate = JSONAPI.Resource<CertificateAttributes>

    struct CertificateAttributes: Decodable, Sendable, Hashable {
        var name: String?
        var displayName: String?
        var certificateType: String?
        var serialNumber: String?
        var platform: String?
        var expirationDate: String?
        /// Base64 of the certificate's DER.
        var certificateContent: String?
        var activated: Bool?
    }

    typealias Profile = JSONAPI.Resource<ProfileAttributes>

    struct ProfileAttributes: Decodable, Sendable, Hashable {
        var name: String?
        var platform: String?
        var profileType: String?
        /// `ACTIVE` or `INVALID` (and, undocumented, `EXPIRED`).
        var profileState: String?
        /// Base64 of the .mobileprovision.
        var profileContent: String?
        var uuid: String?
        var createdDate: String?
        var expirationDate: String?
    }

    typealias Device = JSONAPI.Resource<DeviceAttributes>

    struct DeviceAttributes: Decodable, Sendable, Hashable {
        var name: String?
        var platform: String?
        var udid: String?
        var deviceClass: String?
        var status: String?
    }

    /// Apple's dates: ISO 8601, with or without fractions of a second.
    static func date(_ text: String?) -> Date? {
        text.flatMap(UTCTimestamp.date(rfc3339:))
    }
}
