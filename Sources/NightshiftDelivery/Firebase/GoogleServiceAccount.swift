import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// The fields nightshift needs from a Google service-account JSON key.
struct GoogleServiceAccount: Decodable {
    var clientEmail: String
    var privateKey: String
    var privateKeyID: String?
    var tokenURI: String?

    enum CodingKeys: String, CodingKey {
        case clientEmail = "client_email"
        case privateKey = "private_key"
        case privateKeyID = "private_key_id"
        case tokenURI = "token_uri"
    }

    /// A service-account key is a few kilobytes of JSON.
    static let maximumFileSize: Int64 = 1 << 20

    /// `service_account:` holds either the JSON itself (from an environment variable) or a path.
    static func load(_ value: String) throws -> GoogleServiceAccount {
        let data: Data
        if value.trimmingWhitespace.hasPrefix("{") {
            data = Data(value.utf8)
        } else {
            // Regular files only, opened without blocking (a FIFO would hold the run past SIGTERM).
            do { data = try WholeFile.contents(of: value, atMost: maximumFileSize) } catch {
                throw UploadError(
                    .firebase, "cannot read the service account key '\(value)': \(error.reason(reading: value, limit: maximumFileSize))",
                    reason: .missingFile)
            }
        }
        do {
            return try JSONDecoder().decode(GoogleServiceAccount.self, from: data)
        } catch {
            // The decoder's message may quote the key material: say only what is wrong.
            throw UploadError(
                .firebase, "the service account key is not a Google service-account JSON (needs client_email and private_key)",
                reason: .invalidSetting)
        }
    }

    /// The key and each of its PEM lines: an error body could echo any part of it.
    var secretValues: [String] {
        [privateKey] + privateKey.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
    }
}
