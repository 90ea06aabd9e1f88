/// Which secrets the masker can hide, and a warning naming (never showing) each one it cannot
/// hide well. The limits exist because a short pattern matches by chance all over a log: masking
/// every `ab` would wreck the output and still not hide anything.
public enum MaskingLimit {
    /// Blanks a value may carry around it that a tool may drop when it prints the value.
    static func trimmed(_ value: String) -> Substring {
        let isBlank: (Character) -> Bool = { $0.isWhitespace }
        let start = value.firstIndex { !isBlank($0) } ?? value.endIndex
        let end = value.lastIndex { !isBlank($0) }.map(value.index(after:)) ?? start
        return value[start..<end]
    }

    /// Long enough to be masked, and not only blanks.
    public static func isMaskable(_ value: String) -> Bool {
        value.utf8.count >= SecretPolicy.minimumLength && !trimmed(value).isEmpty
    }

    /// Why `secret` cannot be masked safely, or nil when it can (or is empty: nothing to hide).
    static func warning(for secret: NamedSecret) -> Diagnostic? {
        guard !secret.value.isEmpty else { return nil }
        let length = trimmed(secret.value).utf8.count
        let problem: String
        if length == 0 {
            problem = "is blank: it is ignored, not masked"
        } else if length < SecretPolicy.minimumLength {
            problem = "is shorter than \(SecretPolicy.minimumLength) bytes: it is never masked"
        } else if length < SecretEncodings.minimumEncodedLength {
            problem = "is shorter than \(SecretEncodings.minimumEncodedLength) bytes: its base64, URL, JSON and XML forms are not masked"
        } else {
            return nil
        }
        return .warning("secret \(secret.name) \(problem)", at: nil)
    }
}
