import Foundation

/// A progress meter redraws one line with carriage returns (`10%\r20%\r100%\n`). On a console
/// indented beneath its step, in Jenkins' log and in the step's log file such a line reads as
/// the updates run together (a terminal draws them over the indentation; a file or a browser
/// joins them, or shows `^M`). So every carriage return ends a line: each update is a line of
/// its own everywhere, and a CRLF is one line end, written `\n`.
///
/// One per output channel. Chunks may split a CRLF: a chunk ending in `\r` has it written as `\n`
/// at once (the update shows without waiting for the next chunk), and a `\n` opening the next
/// chunk is then dropped, so the pair still makes one line end.
struct CarriageReturnLines: Sendable {
    private var endedWithReturn = false

    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    /// Rewrites `bytes`; a chunk without a carriage return (the common case) is only searched,
    /// with `memchr`, and left as it is.
    mutating func normalize(_ bytes: inout [UInt8]) {
        if endedWithReturn, bytes.first == Self.lineFeed { bytes.removeFirst() }
        guard !bytes.isEmpty else { return }
        endedWithReturn = false
        guard let first = Self.firstReturn(in: bytes) else { return }
        var out = Array(bytes[..<first])
        out.reserveCapacity(bytes.count)
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == Self.carriageReturn else {
                out.append(byte)
                continue
            }
            out.append(Self.lineFeed)
            if index == bytes.count {
                endedWithReturn = true
            } else if bytes[index] == Self.lineFeed {
                index += 1
            }
        }
        bytes = out
    }

    private static func firstReturn(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(carriageReturn), buffer.count) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }
}
