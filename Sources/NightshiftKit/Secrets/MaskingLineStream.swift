/// Masks one output channel of a child as its chunks arrive, emitting complete lines (ended by
/// `\n` or `\r`).
///
/// A partial line is held back until its newline arrives, so a secret split across two reads is
/// seen whole. A line longer than `maximumHeldBytes` (a progress bar, minified JSON) is not held
/// forever: the stream then emits all but the last `longestPatternLength - 1` bytes, which is
/// still enough to catch a secret straddling the cut. Memory stays bounded by
/// `maximumHeldBytes` plus one chunk, whatever the child prints.
public struct MaskingLineStream: Sendable {
    public let masker: SecretMasker
    public let maximumHeldBytes: Int
    private var pending: [UInt8] = []

    public init(masker: SecretMasker, maximumHeldBytes: Int = 64 * 1024) {
        self.masker = masker
        self.maximumHeldBytes = max(maximumHeldBytes, masker.longestPatternLength)
    }

    /// The bytes now safe to show, masked; possibly empty.
    public mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        if pending.isEmpty {
            return bytes.withUnsafeBufferPointer { process($0, newBytesFrom: 0) }
        }
        let previousCount = pending.count
        var work = pending
        pending = []
        work.append(contentsOf: bytes)
        return work.withUnsafeBufferPointer { process($0, newBytesFrom: previousCount) }
    }

    /// Everything still held back, masked. Call once when the channel reaches its end.
    public mutating func finish() -> [UInt8] {
        defer { pending = [] }
        return masker.mask(pending)
    }

    /// The bytes being held back (at most `maximumHeldBytes` plus one chunk).
    public var heldByteCount: Int { pending.count }

    private mutating func process(_ work: UnsafeBufferPointer<UInt8>, newBytesFrom start: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(work.count + 64)
        let lineEnd = Self.endOfLastLine(in: work, searchingFrom: start)
        if lineEnd > 0 {
            _ = masker.mask(UnsafeBufferPointer(rebasing: work[..<lineEnd]), searchEnd: lineEnd, emitLimit: lineEnd, into: &output)
        }
        var restStart = lineEnd
        let restCount = work.count - restStart
        if restCount > maximumHeldBytes {
            let rest = UnsafeBufferPointer(rebasing: work[restStart...])
            let carry = max(masker.longestPatternLength - 1, 0)
            restStart += masker.mask(rest, searchEnd: rest.count, emitLimit: rest.count - carry, into: &output)
        }
        pending = Array(work[restStart...])
        return output
    }

    /// One past the last line end at or after `start`, or 0 when the new bytes hold none (the
    /// held-back bytes before `start` never contain one). A carriage return counts: progress
    /// meters (curl, upload tools) redraw one line with `\r` and should show as they go.
    private static func endOfLastLine(in work: UnsafeBufferPointer<UInt8>, searchingFrom start: Int) -> Int {
        var index = work.count
        while index > start {
            index -= 1
            if work[index] == UInt8(ascii: "\n") || work[index] == UInt8(ascii: "\r") { return index + 1 }
        }
        return 0
    }
}
