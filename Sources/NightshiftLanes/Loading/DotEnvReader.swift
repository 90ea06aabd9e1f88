import NightshiftCore
internal import NightshiftSystem

/// Walks a `.env` file's text, one assignment at a time; `DotEnvFile` describes the rules.
struct DotEnvReader {
    /// The text with `\r\n` and lone `\r` turned into `\n` (as the gem does first) and a leading
    /// byte-order mark dropped.
    private let scalars: [Unicode.Scalar]
    private let file: String
    private let scope: DotEnvScope
    /// Where each line starts, for the locations of assignments and errors.
    private let lineStarts: [Int]
    private var index = 0
    private var ownValues: [String: String] = [:]

    init(text: String, file: String, scope: DotEnvScope) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\n" && previousWasReturn { continue }
            if scalars.isEmpty && scalar == "\u{FEFF}" { continue }
            scalars.append(scalar == "\r" ? "\n" : scalar)
        }
        self.scalars = scalars
        lineStarts = [0] + scalars.indices.filter { scalars[$0] == "\n" }.map { $0 + 1 }
        self.file = file
        self.scope = scope
    }

    mutating func assignments() throws(DotEnvError) -> [DotEnvAssignment] {
        var assignments: [DotEnvAssignment] = []
        while index < scalars.count {
            skipBlanks()
            guard let next = peek else { break }
            if next == "\n" {
                index += 1
            } else if next == "#" {
                skipToLineEnd()
            } else {
                let assignment = try assignment()
                ownValues[assignment.name] = assignment.value
                assignments.append(assignment)
            }
        }
        return assignments
    }

    // MARK: one line

    private mutating func assignment() throws(DotEnvError) -> DotEnvAssignment {
        let start = index
        while let next = peek, next != "=", next != "\n" { index += 1 }
        guard peek == "=" else { throw error("expected NAME=value", at: start) }
        var name = trimmed(scalars[start..<index])
        if let rest = name.dropPrefix("export"), rest.first.map(Self.isBlank) == true { name = trimmed(rest) }
        let nameText = String(String.UnicodeScalarView(name))
        guard Interpolation.isValidName(nameText) else {
            throw error("'\(nameText)' is not a valid variable name", at: start)
        }
        index += 1
        skipBlanks()
        let value: String
        switch peek {
        case "\"": value = try quoted(by: "\"", decoding: .doubleQuoted)
        case "'": value = try quoted(by: "'", decoding: nil)
        default: value = try unquoted()
        }
        return DotEnvAssignment(name: nameText, value: value, location: location(of: start))
    }

    /// A value from an opening quote at `index` to its closing quote, which may be lines later.
    /// `decoding` nil: literal (single quotes).
    private mutating func quoted(by quote: Unicode.Scalar, decoding style: DotEnvValueDecoder.Style?) throws(DotEnvError) -> String {
        let opening = index
        index += 1
        while let next = peek, next != quote {
            // An escaped quote does not close the value (in single quotes it stays as written).
            index += next == "\\" && index + 1 < scalars.count ? 2 : 1
        }
        guard peek == quote else { throw error("unterminated \(quote) quote", at: opening) }
        let body = opening + 1..<index
        index += 1
        try expectLineEnd(afterClosingQuote: quote)
        guard let style else { return try literal(body) }
        return try decode(body, style)
    }

    /// A value up to the line's end or a comment, blanks around it dropped.
    private mutating func unquoted() throws(DotEnvError) -> String {
        let start = index
        var end = index
        while let next = peek, next != "\n" {
            if next == "#" && (index == start || Self.isBlank(scalars[index - 1])) { break }
            index += 1
            if !Self.isBlank(next) { end = index }
        }
        skipToLineEnd()
        return try decode(start..<end, .unquoted)
    }

    private mutating func expectLineEnd(afterClosingQuote quote: Unicode.Scalar) throws(DotEnvError) {
        skipBlanks()
        guard let next = peek, next != "\n", next != "#" else { return skipToLineEnd() }
        throw error("unexpected text after the closing \(quote) quote (a comment starts with '#')", at: index)
    }

    // MARK: values

    private func literal(_ range: Range<Int>) throws(DotEnvError) -> String {
        if let nul = scalars[range].firstIndex(of: "\0") { throw nulError(at: nul) }
        return String(String.UnicodeScalarView(scalars[range]))
    }

    private func decode(_ range: Range<Int>, _ style: DotEnvValueDecoder.Style) throws(DotEnvError) -> String {
        let decoder = DotEnvValueDecoder(scalars: scalars, style: style) { name in
            scope.environment[name] ?? ownValues[name] ?? scope.earlierFiles[name]
        }
        do {
            return try decoder.decode(range)
        } catch {
            switch error {
            case .nul(let position): throw nulError(at: position)
            case .malformedReference(let position):
                throw self.error("malformed variable reference: write ${NAME} (no default values in a .env file)", at: position)
            }
        }
    }

    private func nulError(at position: Int) -> DotEnvError {
        error("a value cannot hold a NUL byte", at: position)
    }

    // MARK: scanning

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipBlanks() {
        while let next = peek, Self.isBlank(next) { index += 1 }
    }

    private mutating func skipToLineEnd() {
        while let next = peek, next != "\n" { index += 1 }
        if peek == "\n" { index += 1 }
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    private func trimmed(_ slice: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var slice = slice
        while let first = slice.first, Self.isBlank(first) { slice.removeFirst() }
        while let last = slice.last, Self.isBlank(last) { slice.removeLast() }
        return slice
    }

    /// 1-based line and column of the scalar at `position`.
    private func location(of position: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= position { low = middle } else { high = middle }
        }
        return SourceLocation(file: file, line: low + 1, column: position - lineStarts[low] + 1)
    }

    private func error(_ message: String, at position: Int) -> DotEnvError {
        DotEnvError(message, at: location(of: position))
    }
}

private extension ArraySlice where Element == Unicode.Scalar {
    func dropPrefix(_ prefix: String) -> ArraySlice<Unicode.Scalar>? {
        let expected = Array(prefix.unicodeScalars)
        guard starts(with: expected) else { return nil }
        return dropFirst(expected.count)
    }
}
