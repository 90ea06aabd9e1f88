import NightshiftCore

/// A step's `command:`: the install line(s) and `nightshift run`, as a YAML literal block, every
/// `$` doubled for Buildkite's interpolation at upload. A `setup:` may span lines (a `|` block in
/// lanes.yml) or start with blanks: each of its lines is a line of the block, written as every
/// engine writes one (`ShellBlock`, which says the block's indentation when the first line starts
/// with a blank). Text a literal block cannot hold (a control character other than a tab) is
/// written as one double-quoted scalar.
enum BuildkiteCommandBlock {
    /// The `command:` lines, indented for a step's mapping (the key at two blanks).
    static func lines(setup: String?, run: String, plan: ExportLanePlan) throws(ExportError) -> [String] {
        var setupLines = ExportRunCommand.setupLine(setup).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = setupLines.last, last.allSatisfy(\.isWhitespace) { setupLines.removeLast() }
        var shell: [String] = []
        for line in setupLines + [run] {
            guard let escaped = BuildkiteInterpolation.escaping(line) else {
                throw .notExportable(
                    lane: plan.name, engine: "Buildkite",
                    reason:
                        "its buildkite.setup has a `\\` right before a `$`, which no spelling carries through Buildkite's interpolation at upload (it reads `\\$` as `$`); write the `$` in single quotes",
                    location: plan.lane.location)
            }
            shell.append(escaped)
        }
        if shell.contains(where: { line in line.unicodeScalars.contains(where: breaksLiteralBlock) }) {
            return ["  command: " + YAMLText.scalar(shell.joined(separator: "\n") + "\n")]
        }
        return ShellBlock.lines(key: "command", shell).map { "  " + $0 }
    }

    /// Control characters (a tab aside) and the characters YAML 1.1 reads as line breaks.
    private static func breaksLiteralBlock(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F || scalar.value == 0x85 || scalar == "\u{2028}"
            || scalar == "\u{2029}" || scalar == "\u{FEFF}"
    }
}
