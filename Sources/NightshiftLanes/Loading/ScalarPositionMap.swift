import Yams

/// Finds where a character of a scalar's value sits in the file, so an error inside a value (a
/// bad field of a cron spec) points at that character rather than at the start of the value.
///
/// Exact for scalars on one line (plain, or quoted with escapes such as `\n`) and for block
/// scalars (`|`, `>`) whose lines were not folded together. Anything else (a flow scalar folded
/// over several lines, an explicit indentation indicator) gives nil, and callers fall back to the
/// scalar's own position.
struct ScalarPositionMap {
    private let lines: SourceLines

    init(text: String) {
        lines = SourceLines(text: text)
    }

    /// The file's lines, without their line breaks. Split only when an error needs a position
    /// (splitting a large file into lines costs more than loading it, scripts/bench-startup),
    /// and then once: a file with thousands of bad cron specs split itself once per error.
    private final class SourceLines {
        let text: String
        lazy var split: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }

        init(text: String) {
            self.text = text
        }
    }

    private var sourceLines: [Substring] { lines.split }

    /// The 1-based file line and column of a character of `node`'s value.
    /// - Parameters:
    ///   - valueLine: 1-based line within the value (split at `\n`).
    ///   - offset: 0-based character position within that line; the line's length means "just
    ///     after its last character".
    func position(ofLine valueLine: Int, offset: Int, in node: Node) -> (line: Int, column: Int)? {
        let sourceLines = self.sourceLines
        guard case .scalar(let scalar) = node, let mark = node.mark, mark.line >= 1, mark.line <= sourceLines.count else { return nil }
        let valueLines = scalar.string.split(separator: "\n", omittingEmptySubsequences: false)
        guard valueLine >= 1, valueLine <= valueLines.count, offset >= 0, offset <= valueLines[valueLine - 1].count else { return nil }
        switch scalar.style {
        case .literal, .folded:
            return Self.blockPosition(
                ofLine: valueLine, text: valueLines[valueLine - 1], offset: offset, headerLine: mark.line, in: sourceLines)
        default:
            return Self.flowPosition(
                ofLine: valueLine, offset: offset, style: scalar.style, value: scalar.string, at: mark,
                source: Array(sourceLines[mark.line - 1]))
        }
    }

    /// Block scalars: the header (`|`, `>`) is on the mark's line and value line N is the N-th
    /// line below it, indented by the first non-blank content line's indentation.
    private static func blockPosition(
        ofLine valueLine: Int, text: Substring, offset: Int, headerLine: Int,
        in sourceLines: [Substring]
    ) -> (line: Int, column: Int)? {
        let content = sourceLines.dropFirst(headerLine)
        guard let firstNonBlank = content.first(where: { !$0.allSatisfy { $0 == " " } }) else { return nil }
        let indent = firstNonBlank.prefix { $0 == " " }.count
        let index = headerLine + valueLine - 1
        guard index < sourceLines.count, sourceLines[index].dropFirst(indent) == text else { return nil }
        return (index + 1, indent + offset + 1)
    }

    /// Flow scalars on one line: walks the source from the scalar's start, decoding quotes and
    /// escapes, and checks every plain character against the value it should produce.
    private static func flowPosition(
        ofLine valueLine: Int, offset: Int, style: Node.Scalar.Style, value: String,
        at mark: Mark, source: [Character]
    ) -> (line: Int, column: Int)? {
        let decoded = Array(value)
        var index = mark.column - 1 + (style == .singleQuoted || style == .doubleQuoted ? 1 : 0)
        var line = 1, column = 0, produced = 0
        while true {
            if line == valueLine && column == offset { return (mark.line, index + 1) }
            guard index < source.count, produced < decoded.count else { return nil }
            let character = source[index]
            var width = 1
            if style == .singleQuoted && character == "'" {
                guard index + 1 < source.count, source[index + 1] == "'" else { return nil }
                width = 2
            } else if style == .doubleQuoted && character == "\"" {
                return nil
            } else if style == .doubleQuoted && character == "\\" {
                guard index + 1 < source.count else { return nil }
                width = Self.escapeWidth(source[index + 1])
            } else if character != decoded[produced] {
                return nil
            }
            if decoded[produced] == "\n" { line += 1; column = 0 } else { column += 1 }
            produced += 1
            index += width
        }
    }

    /// Source characters of a double-quoted escape starting with `\` and then `letter`.
    private static func escapeWidth(_ letter: Character) -> Int {
        switch letter {
        case "x": 4
        case "u": 6
        case "U": 10
        default: 2
        }
    }
}
