/// Replaces secret values, and their base64, percent-encoded, JSON- and XML-escaped forms (XML's
/// numeric character references too, `CharacterReferences`), with `********`. Works on bytes; `MaskingLineStream` applies it to a child's output as it streams.
public struct SecretMasker: Sendable {
    /// The plain secret values, longest first.
    public let secrets: [String]
    let matcher: PatternMatcher

    /// Blank secrets are dropped: masking every run of spaces would wreck the output and hide
    /// nothing. A secret with blanks around it is also hidden without them, as a tool that trims
    /// its input prints it.
    public init(secrets: some Sequence<String>) {
        let unique = Set(secrets.filter { !MaskingLimit.trimmed($0).isEmpty })
        self.secrets = unique.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
        var patterns: Set<[UInt8]> = []
        for secret in unique {
            patterns.formUnion(SecretEncodings.variants(of: Array(secret.utf8)))
            let trimmed = MaskingLimit.trimmed(secret)
            if trimmed.utf8.count != secret.utf8.count, trimmed.utf8.count >= SecretPolicy.minimumLength {
                patterns.formUnion(SecretEncodings.variants(of: Array(trimmed.utf8)))
            }
        }
        self.matcher = PatternMatcher(patterns: patterns)
    }

    public static let none = SecretMasker(secrets: [])

    /// Occurrences in the text as it reads once its character references are decoded, as ranges
    /// of the source: a secret any of whose characters is a reference is masked whole, the
    /// references with it.
    private func referenceOccurrences(in buffer: UnsafeBufferPointer<UInt8>, searchEnd: Int, startLimit: Int) -> [Range<Int>] {
        let decoded = CharacterReferences.decode(buffer, end: searchEnd)
        return decoded.bytes.withUnsafeBufferPointer { text in
            matcher.occurrences(in: text, searchEnd: text.count, startLimit: text.count).compactMap { range in
                let source = decoded.sources[range.lowerBound].lowerBound..<decoded.sources[range.upperBound - 1].upperBound
                return source.lowerBound < startLimit ? source : nil
            }
        }
    }

    /// Sorted, with overlapping and adjacent ranges joined (as the matcher reports its own).
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    static let maskBytes = Array(Secret.mask.utf8)

    /// The longest byte sequence that is ever replaced: a stream must hold back one byte less
    /// than this so that a secret split across two reads is still seen whole.
    /// A secret written with character references (`&#80;…`) spreads up to
    /// `CharacterReferences.longestReference` bytes per byte of it.
    public var longestPatternLength: Int {
        max(matcher.longestLength, (secrets.first?.utf8.count ?? 0) * CharacterReferences.longestReference)
    }

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
    /// but ends after it is emitted whole (masked), so the returned end of what was shown can
    /// exceed `emitLimit`.
    ///
    /// `maskedPrefix` bytes at the start were already shown, as the end of a mask: they are not
    /// emitted again, and an occurrence that starts among them or right after them continues
    /// that mask instead of starting another. This is how a stream flushing a long line shows an
    /// occurrence overlapping one it already masked.
    func mask(
        _ buffer: UnsafeBufferPointer<UInt8>, searchEnd: Int, emitLimit: Int, maskedPrefix: Int = 0,
        emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        var ranges = matcher.occurrences(in: buffer, searchEnd: searchEnd, startLimit: emitLimit)
        if CharacterReferences.present(in: buffer, end: searchEnd) {
            ranges = Self.merged(ranges + referenceOccurrences(in: buffer, searchEnd: searchEnd, startLimit: emitLimit))
        }
        var cursor = maskedPrefix
        for range in ranges where range.upperBound > cursor {
            if range.lowerBound > cursor { emit(UnsafeBufferPointer(rebasing: buffer[cursor..<range.lowerBound])) }
            if maskedPrefix == 0 || range.lowerBound > maskedPrefix { Self.maskBytes.withUnsafeBufferPointer { emit($0) } }
            cursor = range.upperBound
        }
        let shownEnd = max(emitLimit, cursor)
        if shownEnd > cursor { emit(UnsafeBufferPointer(rebasing: buffer[cursor..<shownEnd])) }
        return shownEnd
    }
}
