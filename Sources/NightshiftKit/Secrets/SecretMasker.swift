/// Replaces secret values, and their base64, percent-encoded and JSON-escaped forms, with
/// `********`. Works on bytes; `MaskingLineStream` applies it to a child's output as it streams.
public struct SecretMasker: Sendable {
    /// The plain secret values, longest first.
    public let secrets: [String]
    let matcher: PatternMatcher

    public init(secrets: some Sequence<String>) {
        let unique = Set(secrets.filter { !$0.isEmpty })
        self.secrets = unique.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
        var patterns: Set<[UInt8]> = []
        for secret in unique { patterns.formUnion(SecretEncodings.variants(of: Array(secret.utf8))) }
        self.matcher = PatternMatcher(patterns: patterns)
    }

    public static let none = SecretMasker(secrets: [])

    static let maskBytes = Array(Secret.mask.utf8)

    /// The longest byte sequence that is ever replaced: a stream must hold back one byte less
    /// than this so that a secret split across two reads is still seen whole.
    public var longestPatternLength: Int { matcher.longestLength }

    public func mask(_ text: String) -> String {
        guard !matcher.isEmpty else { return text }
        var output: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            _ = mask(buffer, searchEnd: buffer.count, emitLimit: buffer.count, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    public func mask(_ bytes: [UInt8]) -> [UInt8] {
        guard !matcher.isEmpty else { return bytes }
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { buffer in
            _ = mask(buffer, searchEnd: buffer.count, emitLimit: buffer.count, into: &output)
        }
        return output
    }

    /// Appends `buffer[..<emitLimit]`, masked, to `output`; see `mask(_:searchEnd:emitLimit:emit:)`.
    func mask(
        _ buffer: UnsafeBufferPointer<UInt8>, searchEnd: Int, emitLimit: Int, into output: inout [UInt8]
    ) -> Int {
        mask(buffer, searchEnd: searchEnd, emitLimit: emitLimit) { output.append(contentsOf: $0) }
    }

    /// Hands `buffer[..<emitLimit]`, masked, to `emit` piece by piece without copying.
    /// Occurrences are searched within `buffer[..<searchEnd]`; one that starts before `emitLimit`
    /// but ends after it is emitted whole (masked), so the returned number of consumed bytes can
    /// exceed `emitLimit`.
    func mask(
        _ buffer: UnsafeBufferPointer<UInt8>, searchEnd: Int, emitLimit: Int,
        emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        let ranges = matcher.occurrences(in: buffer, searchEnd: searchEnd, startLimit: emitLimit)
        var cursor = 0
        for range in ranges {
            if range.lowerBound > cursor { emit(UnsafeBufferPointer(rebasing: buffer[cursor..<range.lowerBound])) }
            Self.maskBytes.withUnsafeBufferPointer { emit($0) }
            cursor = range.upperBound
        }
        let consumed = max(emitLimit, cursor)
        if consumed > cursor { emit(UnsafeBufferPointer(rebasing: buffer[cursor..<consumed])) }
        return consumed
    }
}
