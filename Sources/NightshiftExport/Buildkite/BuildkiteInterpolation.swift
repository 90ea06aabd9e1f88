/// Buildkite interpolates `$NAME`, `${NAME}` and `${NAME:-…}` in every string of a pipeline when
/// `buildkite-agent pipeline upload` reads it (label, `if:`, command, concurrency group, artifact
/// paths alike). Its grammar (buildkite/interpolate) reads `$$` and `\$` as a literal `$` and keeps
/// `\\` as two backslashes. So a text is written with each `$` doubled, which reads back as written
/// unless a `$` follows an odd run of backslashes: the last `\` then escapes the first `$`, the
/// second starts an expansion, and no spelling reads back as `\$`. Such a text is refused.
enum BuildkiteInterpolation {
    /// `text` with every `$` doubled; nil when a `$` follows an odd number of backslashes.
    static func escaping(_ text: String) -> String? {
        var result = ""
        var backslashes = 0
        for character in text {
            if character == "$" {
                guard backslashes % 2 == 0 else { return nil }
                result += "$$"
            } else {
                result.append(character)
            }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return result
    }

    /// A lane's name inside an artifact glob: every character but letters, digits, `.`, `_` and
    /// `-` becomes `?`, which matches it (and any other one character), so no name is read as a
    /// glob (`*`, `{a,b}`, `[…]`) or an interpolation. Two lanes whose names differ only there would
    /// share a pattern; their reports are in different builds' checkouts.
    static func globLiteral(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "?" })
    }
}
