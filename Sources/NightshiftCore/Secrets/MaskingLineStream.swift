/// Masks one output channel of a child as its chunks arrive, emitting complete lines (ended by
/// `\n` or `\r`).
///
/// A partial line is held back until its newline arrives, so a secret split across two reads is
/// seen whole. A line longer than `maximumHeldBytes` (a progress bar, minified JSON) is not held
/// forever: the stream then emits all but the last `longestPatternLength - 1` bytes, which is
/// still enough to catch a secret straddling the cut. When a masked occurrence runs past the cut,
/// the bytes after the cut stay held too (already shown, as part of that mask), so a second
/// secret overlapping the first is still seen whole when the rest of it arrives. Memory stays
/// bounded by `maximumHeldBytes` plus one chunk, whatever the child prints.
public struct MaskingLineStream: Sendable {
    public private(set) var masker: SecretMasker
    public private(set) var maximumHeldBytes: Int
    private var pending: [UInt8] = []
    /// How many of `pending`'s first bytes were already shown, as the end of a mask.
    private var pendingMaskedPrefix = 0

    public init(masker: SecretMasker, maximumHeldBytes: Int = 64 * 1024) {
        self.masker = masker
        self.maximumHeldBytes = max(maximumHeldBytes, masker.longestPatternLength)
    }

    /// Masks with `masker` from the next chunk on: one that knows secrets learned since this
    /// stream began (`RunSecrets`). The bytes held back are still unshown, so they are masked
    /// with it too.
    public mutating func use(_ masker: SecretMasker) {
        self.masker = masker
        maximumHeldBytes = max(maximumHeldBytes, masker.longestPatternLength)
    }

    /// The bytes now safe to show, masked; possibly empty.
    public mutating func feed(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + pending.count)
        feed(bytes) { output.append(contentsOf: $0) }
        return output
    }

    /// Like `feed(_:)`, but hands the masked bytes to `emit` in pieces, without copying them.
    /// A piece is only valid during the call. This is the fast path for writing to a terminal
    /// or a log file.
    public mutating func feed(_ bytes: [UInt8], emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { new in
            guard !pending.isEmpty else { return process(new, emit: emit) }
            // Complete the held-back line with the new bytes up to their first line end; the
            // rest of the chunk is then processed in place, not copied.
            let firstEnd = Self.endOfFirstLine(in: new)
            var head = pending
            let maskedPrefix = pendingMaskedPrefix
            pending = []
            head.append(contentsOf: new[..<firstEnd])
            head.withUnsafeBufferPointer { process($0, maskedPrefix: maskedPrefix, emit: emit) }
            // When `firstEnd` is inside the chunk, `head` ended with a line end: nothing is held.
            if firstEnd < new.count { process(UnsafeBufferPointer(rebasing: new[firstEnd...]), emit: emit) }
        }
    }

    /// Everything still held back, masked. Call once when the channel reaches its end.
    public mutating func finish() -> [UInt8] {
        defer { (pending, pendingMaskedPrefix) = ([], 0) }
        var output: [UInt8] = []
        pending.withUnsafeBufferPointer { buffer in
            _ = masker.mask(buffer, searchEnd: buffer.count, emitLimit: buffer.count, maskedPrefix: pendingMaskedPrefix) {
                output.append(contentsOf: $0)
            }
        }
        return output
    }

    /// The bytes being held back (at most `maximumHeldBytes` plus one chunk).
    public var heldByteCount: Int { pending.count }

    /// Emits the complete lines of `work`, masked, and holds back the partial line after them,
    /// flushing all but a carry of it when it grows past `maximumHeldBytes`. `maskedPrefix`:
    /// see `SecretMasker.mask(_:searchEnd:emitLimit:maskedPrefix:emit:)`.
    private mutating func process(
        _ work: UnsafeBufferPointer<UInt8>, maskedPrefix: Int = 0, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let lineEnd = Self.endOfLastLine(in: work)
        if lineEnd > 0 {
            _ = masker.mask(
                UnsafeBufferPointer(rebasing: work[..<lineEnd]), searchEnd: lineEnd, emitLimit: lineEnd,
                maskedPrefix: maskedPrefix, emit: emit)
        }
        // A held line holds no line end, so a prefix survives only when nothing was emitted.
        var restStart = lineEnd
        var restMaskedPrefix = lineEnd > 0 ? 0 : maskedPrefix
        let restCount = work.count - restStart
        if restCount > maximumHeldBytes {
            let rest = UnsafeBufferPointer(rebasing: work[restStart...])
            let carry = max(masker.longestPatternLength - 1, 0)
            let emitLimit = rest.count - carry
            let shownEnd = masker.mask(rest, searchEnd: rest.count, emitLimit: emitLimit, maskedPrefix: restMaskedPrefix, emit: emit)
            // Hold from the cut, not from the end of a mask running past it: an occurrence that
            // starts inside that mask must still be found whole once its end arrives.
            restStart += emitLimit
            restMaskedPrefix = shownEnd - emitLimit
        }
        pending = Array(work[restStart...])
        pendingMaskedPrefix = restMaskedPrefix
    }

    /// One past the first line end in `bytes`, or `bytes.count` when there is none.
    private static func endOfFirstLine(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
            return index + 1
        }
        return bytes.count
    }

    /// One past the last line end in `work`, or 0 when it holds none. A carriage return
    /// counts: progress meters (curl, upload tools) redraw one line with `\r` and should show as
    /// they go.
    private static func endOfLastLine(in work: UnsafeBufferPointer<UInt8>) -> Int {
        var index = work.count
        while index > 0 {
            index -= 1
            if work[index] == UInt8(ascii: "\n") || work[index] == UInt8(ascii: "\r") { return index + 1 }
        }
        return 0
    }
}
