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
            pending = []
            head.append(contentsOf: new[..<firstEnd])
            head.withUnsafeBufferPointer { process($0, emit: emit) }
            // When `firstEnd` is inside the chunk, `head` ended with a line end: nothing is held.
            if firstEnd < new.count { process(UnsafeBufferPointer(rebasing: new[firstEnd...]), emit: emit) }
        }
    }

    /// Everything still held back, masked. Call once when the channel reaches its end.
    public mutating func finish() -> [UInt8] {
        defer { pending = [] }
        return masker.mask(pending)
    }

    /// The bytes being held back (at most `maximumHeldBytes` plus one chunk).
    public var heldByteCount: Int { pending.count }

    /// Emits the complete lines of `work`, masked, and holds back the partial line after them,
    /// flushing all but a carry of it when it grows past `maximumHeldBytes`.
    private mutating func process(_ work: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let lineEnd = Self.endOfLastLine(in: work)
        if lineEnd > 0 {
            _ = masker.mask(UnsafeBufferPointer(rebasing: work[..<lineEnd]), searchEnd: lineEnd, emitLimit: lineEnd, emit: emit)
        }
        var restStart = lineEnd
        let restCount = work.count - restStart
        if restCount > maximumHeldBytes {
            let rest = UnsafeBufferPointer(rebasing: work[restStart...])
            let carry = max(masker.longestPatternLength - 1, 0)
            restStart += masker.mask(rest, searchEnd: rest.count, emitLimit: rest.count - carry, emit: emit)
        }
        pending = Array(work[restStart...])
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
