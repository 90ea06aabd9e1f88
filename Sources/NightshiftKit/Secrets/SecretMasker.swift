internal import Foundation

/// Replaces secret values with `********` in text.
// Placeholder implementation: the streaming, encoding-aware masker replaces this file.
public struct SecretMasker: Sendable {
    public let secrets: [String]

    public init(secrets: some Sequence<String>) {
        // Longest first, so a secret containing another is masked whole.
        self.secrets = Array(Set(secrets.filter { !$0.isEmpty })).sorted { $0.utf8.count > $1.utf8.count }
    }

    public static let none = SecretMasker(secrets: [])

    public func mask(_ text: String) -> String {
        var result = text
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: Secret.mask)
        }
        return result
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
