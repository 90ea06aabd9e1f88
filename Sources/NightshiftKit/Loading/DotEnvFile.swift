import Foundation

/// `.env.NAME` files (`--env NAME`), in the dotenv format fastlane and docker use: `KEY=value`,
/// optional `export `, `#` comments, single quotes literal, double quotes with `\n` escapes.
public enum DotEnvFile {
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> [String: String] {
        var values: [String: String] = [:]
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces) }
            guard let equals = line.firstIndex(of: "=") else {
                throw ParseError(line: index + 1, message: "expected NAME=value")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard Interpolation.isValidName(name) else {
                throw ParseError(line: index + 1, message: "'\(name)' is not a valid variable name")
            }
            values[name] = try value(String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces), line: index + 1)
        }
        return values
    }

    private static func value(_ text: String, line: Int) throws(ParseError) -> String {
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            // An unquoted value ends at a ` #` comment.
            if let comment = text.range(of: " #") { return String(text[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces) }
            return text
        }
        guard text.count >= 2, let close = text.dropFirst().lastIndex(of: quote) else {
            throw ParseError(line: line, message: "unterminated \(quote) quote")
        }
        let body = String(text[text.index(after: text.startIndex)..<close])
        guard quote == "\"" else { return body }
        return body.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
    }
}
