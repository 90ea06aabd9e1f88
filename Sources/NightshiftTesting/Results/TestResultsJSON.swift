import Foundation

/// Decoding a tool's JSON with errors that say what was wrong, and a nesting limit checked
/// first (a recursive decoder on a task's small stack must not meet a million brackets).
enum TestResultsJSON {
    static func decode<Value: Decodable>(_ data: Data, source: String, maximumNesting: Int) throws(TestResultsError) -> Value {
        if let depth = JSONNesting.firstExcess(in: data, limit: maximumNesting) {
            throw TestResultsError(
                "\(source) nest deeper than \(maximumNesting) levels (at byte \(depth)); not a result xcresulttool writes")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw TestResultsError("\(source) are not the JSON expected: \(describe(error))")
        } catch {
            throw TestResultsError("\(source) are not valid JSON: \(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? (context.debugDescription.isEmpty ? "truncated or malformed" : context.debugDescription)
        case .keyNotFound(let key, let context): return "\(path(context))\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// Finds where JSON text nests deeper than a limit, skipping strings; a linear scan with no
/// recursion.
enum JSONNesting {
    /// The byte offset where nesting first exceeds `limit`, nil if it never does.
    static func firstExcess(in data: Data, limit: Int) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            var depth = 0
            var inString = false
            var escaped = false
            for (offset, byte) in raw.enumerated() {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > limit { return offset }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
            return nil
        }
    }
}
