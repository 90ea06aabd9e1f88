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
        let value = trimmed(secret.value)
        let length = value.utf8.count
        var problems: [String] = []
        if length == 0 {
            problems.append("is blank: it is ignored, not masked")
        } else if length < SecretPolicy.minimumLength {
            problems.append("is shorter than \(SecretPolicy.minimumLength) bytes: it is never masked")
        } else if length < SecretEncodings.minimumEncodedLength {
            problems.append(
                "is shorter than \(SecretEncodings.minimumEncodedLength) bytes: its base64, URL, JSON and XML forms are not masked")
        }
        if length >= SecretPolicy.minimumLength, isWordLike(value) {
            problems.append(
                "is a single word: it is masked wherever those letters appear, inside other words and in nightshift's own messages too")
        }
        guard !problems.isEmpty else { return nil }
        return .warning("secret \(secret.name) \(problems.joined(separator: "; it "))", at: nil)
    }

    /// Letters only and shorter than `wordLikeLength`: a dictionary word (`wrong`, `dragon`),
    /// which a dictionary finds too and which shows up in ordinary text. Masking must not leak,
    /// so such a secret is still masked everywhere, whole words or not; the warning says what
    /// that does to messages.
    static func isWordLike(_ value: Substring) -> Bool {
        value.utf8.count < wordLikeLength && value.unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
    }

    static let wordLikeLength = 12
}
