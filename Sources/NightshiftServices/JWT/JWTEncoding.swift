public import Foundation

/// The JWS compact serialisation's encoding (RFC 7515 §2), for the tokens Google's and Apple's
/// APIs take: base64url without padding, of bytes or of a JSON object with sorted keys.
public enum JWTEncoding {
    public static func base64URL(json object: [String: Any]) throws -> String {
        base64URL(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
