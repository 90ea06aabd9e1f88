/// The last lines of a step's (masked) output, kept for failure messages and the JUnit report,
/// in bounded memory whatever the step prints: at most `lineLimit` lines and `byteLimit` bytes.
struct OutputTail {
    let lineLimit: Int
    let byteLimit: Int
    private var bytes: [UInt8] = []

    init(lineLimit: Int, byteLimit: Int = 64 * 1024) {
        self.lineLimit = lineLimit
        self.byteLimit = byteLimit
    }

    /// Adds text made of whole lines; a last line without its newline counts as ended.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        let keptStart = max(Self.startOfLastLines(lineLimit, in: text), text.count - byteLimit)
        if keptStart > 0 { bytes.removeAll(keepingCapacity: true) }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[keptStart...]))
        if text.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        trim()
    }

    /// The kept lines, joined by newlines, without a trailing one.
    var text: String {
        String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }

    private mutating func trim() {
        let start = bytes.withUnsafeBufferPointer { Self.startOfLastLines(lineLimit, in: $0) }
        let cut = max(start, bytes.count - byteLimit)
        if cut > 0 { bytes.removeFirst(cut) }
    }

    /// Where the last `count` lines of `text` begin (0 when it holds no more than that). A
    /// trailing newline ends the last line rather than starting an empty one.
    private static func startOfLastLines(_ count: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var index = text.count - 1
        if index >= 0, text[index] == UInt8(ascii: "\n") { index -= 1 }
        var seen = 0
        while index >= 0 {
            if text[index] == UInt8(ascii: "\n") {
                seen += 1
                if seen == count { return index + 1 }
            }
            index -= 1
        }
        return 0
    }
}
