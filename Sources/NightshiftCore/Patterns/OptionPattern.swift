/// A lane option's `pattern:` (issue #19), matched in time linear in the value (issue #26 §1).
///
/// Values come from anyone who can start a build (Jenkins' "Build with Parameters") and a
/// schedule's are checked whenever the file loads, so a backtracking engine (Swift's `Regex`,
/// `NSRegularExpression`) let one value hang `validate`, `lanes`, the daemon's reload and every run
/// of the file: `^(\d+\.?)+$` against `202411261234567890123x` took 104 s. Here the pattern is
/// compiled to a Thompson NFA and simulated one value character at a time, each state visited at
/// most once per character: at most (characters + 1) × `instructionCount` steps, whatever the
/// pattern and the value.
///
/// The syntax is the part of the usual regular-expression syntax such a machine runs (README,
/// "Lane options"): literals, `.`, `[…]`/`[^…]` with ranges, `\d \w \s \D \W \S` (ASCII),
/// escaped punctuation and `\t \n \r`, `^ $ \b \B`, groups `(…)`, `(?:…)`, `(?<name>…)`, `|`, and
/// `* + ? {n} {n,} {n,m}` (a trailing `?` for lazy is accepted; it changes nothing about whether a
/// match exists). Backreferences, lookaround, inline options and possessive quantifiers are
/// refused when the file loads, saying which character. Characters are Unicode scalars.
public struct OptionPattern: Sendable {
    /// A pattern is at most this many UTF-8 bytes.
    public static let longestSource = 1024
    /// A `{n,m}` count is at most this.
    public static let largestCount = 1000
    /// The compiled program is at most this many instructions: the bound on the work per value
    /// character (`scripts/bench-patterns` measures the worst case).
    public static let mostInstructions = 2048

    let program: [Instruction]
    /// The character sets the program's `.set` instructions name.
    let sets: [ScalarSet]

    /// Compiles `source`.
    /// - Throws: what the pattern uses that this matcher refuses, or what is malformed, with the
    ///   1-based character it is at.
    public init(_ source: String) throws(OptionPatternError) {
        guard source.utf8.count <= Self.longestSource else {
            throw OptionPatternError(
                offset: 0, "the pattern is \(source.utf8.count) bytes long, over \(Self.longestSource)", kind: .malformed)
        }
        var parser = Parser(source)
        let tree = try parser.parse()
        (program, sets) = try Compiler.compile(tree, limit: Self.mostInstructions)
    }

    /// How many instructions the compiled pattern has.
    var instructionCount: Int { program.count }

    /// Whether `value` contains a match (anchor the pattern with `^…$` to require a whole match).
    public func isFound(in value: String) -> Bool {
        search(value).found
    }
}

/// Why a pattern is refused, with the 1-based character (Unicode scalar) where the problem is.
public struct OptionPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Not a regular expression in any engine's syntax (an unclosed group).
        case malformed
        /// A regular expression, but one using what a linear-time matcher cannot do.
        case unsupported
    }

    /// 0-based; 0 also for what concerns the pattern as a whole.
    public var offset: Int
    public var message: String
    public var kind: Kind

    init(offset: Int, _ message: String, kind: Kind) {
        self.offset = offset
        self.message = message
        self.kind = kind
    }

    public var description: String { "character \(offset + 1): \(message)" }
}
