/// Splits a byte stream into lines and masks each: a secret split across two reads is whole
/// again by the time its line is complete.
// Placeholder implementation: the streaming, encoding-aware masker replaces this file.
public struct MaskingLineStream: Sendable {
    private let masker: SecretMasker
    private var pending: [UInt8] = []
    private let maximumPending: Int

    public init(masker: SecretMasker, maximumPending: Int = 64 * 1024) {
        self.masker = masker
        self.maximumPending = maximumPending
    }

    /// Returns the complete lines now available, masked, each ending in a newline.
    public mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        pending.append(contentsOf: bytes)
        guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else {
            guard pending.count > maximumPending else { return [] }
            return flush(upTo: pending.count)
        }
        return flush(upTo: lastNewline + 1)
    }

    /// Whatever is left, masked.
    public mutating func finish() -> [UInt8] {
        flush(upTo: pending.count)
    }

    private mutating func flush(upTo end: Int) -> [UInt8] {
        let text = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end)
        return Array(masker.mask(text).utf8)
    }
}
