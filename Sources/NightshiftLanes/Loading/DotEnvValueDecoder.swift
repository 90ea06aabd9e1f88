import NightshiftCore
/// Turns the raw text of a double-quoted or unquoted `.env` value into its value: escapes and
/// `$NAME`/`${NAME}` substitution, in one pass (see `DotEnvFile` for the rules and where they
/// come from). Kept apart from lanes.yml's `Interpolation`: the two formats differ (`$$`, defaults,
/// unset variables), and each follows its own reference.
struct DotEnvValueDecoder {
    enum Style {
        /// `\n`, `\r`, `\t` and `\X` escapes, substitution.
        case doubleQuoted
        /// Backslashes literal except before `$`, substitution.
        case unquoted
    }

    enum Failure: Error {
        case nul(at: Int)
        case malformedReference(at: Int)
    }

    let scalars: [Unicode.Scalar]
    let style: Style
    let lookup: (String) -> String?

    func decode(_ range: Range<Int>) throws(Failure) -> String {
        var value = String.UnicodeScalarView()
        var position = range.lowerBound
        while position < range.upperBound {
            let scalar = scalars[position]
            switch scalar {
            case "\0":
                throw .nul(at: position)
            case "\\" where position + 1 < range.upperBound:
                position = try unescape(at: position, into: &value)
            case "$":
                position = try substitute(at: position, in: range, into: &value)
            default:
                value.append(scalar)
                position += 1
            }
        }
        return String(value)
    }

    /// The backslash at `position`; returns where decoding goes on.
    private func unescape(at position: Int, into value: inout String.UnicodeScalarView) throws(Failure) -> Int {
        let escaped = scalars[position + 1]
        switch (style, escaped) {
        case (.doubleQuoted, "n"): value.append("\n")
        case (.doubleQuoted, "r"): value.append("\r")
        // The gem 2.x gives `t` here; a tab is what people mean and what python-dotenv gives.
        case (.doubleQuoted, "t"): value.append("\t")
        case (.doubleQuoted, "0"), (_, "\0"): throw .nul(at: position)
        case (.doubleQuoted, _), (.unquoted, "$"): value.append(escaped)
        case (.unquoted, _):
            // Literal; the next character is read on its own (so `\\$A` keeps `\` and `$A`).
            value.append("\\")
            return position + 1
        }
        return position + 2
    }

    /// `$NAME`, `${NAME}` or a literal `$` at `position`; returns where decoding goes on.
    private func substitute(at position: Int, in range: Range<Int>, into value: inout String.UnicodeScalarView) throws(Failure) -> Int {
        let braced = position + 1 < range.upperBound && scalars[position + 1] == "{"
        let nameStart = position + (braced ? 2 : 1)
        var nameEnd = nameStart
        while nameEnd < range.upperBound, Self.isNameScalar(scalars[nameEnd]) { nameEnd += 1 }
        var next = nameEnd
        if braced {
            guard nameEnd > nameStart, nameEnd < range.upperBound, scalars[nameEnd] == "}" else {
                throw .malformedReference(at: position)
            }
            next += 1
        } else if nameEnd == nameStart {
            // `$` before anything else, `$(…)` included, is the character itself.
            value.append("$")
            return position + 1
        }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<nameEnd]))
        value.append(contentsOf: (lookup(name) ?? "").unicodeScalars)
        return next
    }

    /// The gem's `[A-Z0-9_]`, case-insensitive.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
