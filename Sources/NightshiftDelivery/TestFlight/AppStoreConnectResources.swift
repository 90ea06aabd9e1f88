import Foundation
import NightshiftServices

/// The parts of App Store Connect's JSON:API documents that an upload reads. Every field Apple
/// may leave out is optional, so a new attribute or a missing one does not break decoding.
enum AppStoreConnectResources {
    /// `GET /v1/apps`, `/v1/betaGroups`, `/v1/builds/{id}/betaBuildLocalizations`: only ids and
    /// what names them are read.
    struct Named: Decodable {
        struct Attributes: Decodable {
            var name: String?
            var bundleId: String?
            var locale: String?
        }

        var id: String
        var attributes: Attributes?
    }

    struct BuildUpload: Decodable {
        struct Attributes: Decodable {
            var cfBundleShortVersionString: String?
            var cfBundleVersion: String?
            var platform: String?
            var state: UploadState?
        }

        struct Relationships: Decodable {
            var build: JSONAPI.ToOne?
        }

        var id: String
        var attributes: Attributes?
        var relationships: Relationships?
    }

    /// `BuildUpload.Attributes.State`: where Apple's import stands, and why it failed.
    struct UploadState: Decodable {
        var state: String?
        var errors: [StateDetail]?
        var warnings: [StateDetail]?
        var infos: [StateDetail]?
    }

    /// Apple's words about an import, shown as they are.
    struct StateDetail: Decodable, CustomStringConvertible {
        var code: String?
        var message: String?
        var description: String {
            [code, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        }
    }

    struct BuildUploadFile: Decodable {
        struct Attributes: Decodable {
            var uploadOperations: [UploadOperation]?
            var assetDeliveryState: UploadState?
        }

        var id: String
        var attributes: Attributes?
    }

    /// One part to send: `[offset, offset + length)` of the file, with this method, URL and headers.
    struct UploadOperation: Codable, Hashable, Sendable {
        struct Header: Codable, Hashable, Sendable {
            var name: String
            var value: String
        }

        var method: String
        var url: String
        var length: Int64
        var offset: Int64
        var requestHeaders: [Header]?
        var partNumber: Int?
        var expiration: String?
    }

    struct Build: Decodable {
        struct Attributes: Decodable {
            var version: String?
            var processingState: String?
            /// The export-compliance answer; nil until given (the build is "Missing Compliance").
            var usesNonExemptEncryption: Bool?
        }

        var id: String
        var attributes: Attributes?
    }
}
