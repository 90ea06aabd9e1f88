import NightshiftCore
/// Searches a line's UTF-8 bytes rather than its Characters: the condenser reads every line of
/// outputs that can reach a gigabyte, mostly long tool invocations, and a search that walks
/// grapheme clusters costs many times what a walk over the bytes does.
enum UTF8Search {
    /// Runs `body` over the line's UTF-8, without a copy for a native string.
    static func withUTF8<Result>(_ line: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var line = line
        return line.withUTF8(body)
    }

    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    /// Whether one of `words` (lowercase ASCII) stands right before a colon, in any case:
    /// `error:`, `Error:`, `WARNING:`.
    static func hasWordBeforeColon(_ words: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for colon in bytes.indices where bytes[colon] == UInt8(ascii: ":") {
            for word in words where colon >= word.count {
                let start = colon - word.count
                // `| 0x20` lowercases an ASCII letter and maps nothing else onto one.
                if word.indices.allSatisfy({ bytes[start + $0] | 0x20 == word[$0] }) { return true }
            }
        }
        return false
    }
}
