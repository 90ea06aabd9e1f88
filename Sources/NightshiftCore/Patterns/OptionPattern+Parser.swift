extension OptionPattern {
    /// Reads a pattern into a `Tree`, refusing what a linear matcher cannot run (backreferences,
    /// lookaround, inline options, possessive quantifiers) and anything it would read differently
    /// from the usual engines (POSIX classes, set operations in a class), each at its character.
    struct Parser {
        private let scalars: [Unicode.Scalar]
        private var index = 0

        init(_ source: String) {
            scalars = Array(source.unicodeScalars)
        }

        mutating func parse() throws(OptionPatternError) -> Tree {
            let tree = try alternation(depth: 0)
            if index < scalars.count { throw malformed(index, "')' closes nothing (write '\\)' for the character)") }
            return tree
        }

        private var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private func malformed(_ offset: Int, _ message: String) -> OptionPatternError {
            OptionPatternError(offset: offset, message, kind: .malformed)
        }

        private func unsupported(_ offset: Int, _ what: String) -> OptionPatternError {
            OptionPatternError(
                offset: offset, "\(what) is not supported (patterns are matched in linear time: see README, \"Lane options\")",
                kind: .unsupported)
        }

        private mutating func alternation(depth: Int) throws(OptionPatternError) -> Tree {
            var branches = [try concatenation(depth: depth)]
            while next == "|" {
                index += 1
                branches.append(try concatenation(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func concatenation(depth: Int) throws(OptionPatternError) -> Tree {
            var items: [Tree] = []
            while let scalar = next, scalar != "|", scalar != ")" {
                let atom = try atom(depth: depth)
                items.append(try quantified(atom))
            }
            return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concatenation(items))
        }

        private mutating func atom(depth: Int) throws(OptionPatternError) -> Tree {
            let start = index
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "(": return try group(at: start, depth: depth)
            case "[": return .set(try characterClass(at: start))
            case ".": return .set(.notNewline)
            case "^": return .assertion(.start)
            case "$": return .assertion(.end)
            case "\\": return try escape(at: start)
            case "*", "+", "?", "{": throw malformed(start, "'\(scalar)' repeats nothing (write '\\\(scalar)' for the character)")
            default: return .scalar(scalar)
            }
        }

        private mutating func group(at start: Int, depth: Int) throws(OptionPatternError) -> Tree {
            guard depth < InputLimits.deepestNesting else {
                throw malformed(start, "groups are nested more than \(InputLimits.deepestNesting) deep")
            }
            if next == "?" {
                switch (peek(1), peek(2)) {
                case (":", _): index += 2
                case ("=", _): throw unsupported(start, "a lookahead ('(?=')")
                case ("!", _): throw unsupported(start, "a negative lookahead ('(?!')")
                case ("<", "="): throw unsupported(start, "a lookbehind ('(?<=')")
                case ("<", "!"): throw unsupported(start, "a negative lookbehind ('(?<!')")
                case ("<", let first?) where ScalarSet.word.contains(first):
                    index += 2
                    while let scalar = next, ScalarSet.word.contains(scalar) { index += 1 }
                    guard next == ">" else { throw malformed(start, "a group name must end with '>'") }
                    index += 1
                default: throw unsupported(start, "a group option ('(?\(peek(1).map { String($0) } ?? "")')")
                }
            }
            let inner = try alternation(depth: depth + 1)
            guard next == ")" else { throw malformed(start, "'(' is never closed") }
            index += 1
            return inner
        }

        /// `*`, `+`, `?` or a count after an atom, with an optional lazy `?`.
        private mutating func quantified(_ atom: Tree) throws(OptionPatternError) -> Tree {
            guard let scalar = next else { return atom }
            let start = index
            let bounds: (min: Int, max: Int?)
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{": bounds = try count(at: start)
            default: return atom
            }
            if scalar != "{" { index += 1 }
            if next == "?" { index += 1 }
            if next == "+" { throw unsupported(index, "a possessive quantifier ('+' after a quantifier)") }
            if let again = next, "*+?{".unicodeScalars.contains(again) {
                throw malformed(index, "'\(again)' repeats a repetition: group it first, as in (a*)\(again)")
            }
            return .repetition(atom, min: bounds.min, max: bounds.max)
        }

        private mutating func count(at start: Int) throws(OptionPatternError) -> (min: Int, max: Int?) {
            index += 1
            let usage = "'{' must start a count {n}, {n,} or {n,m} (write '\\{' for the character)"
            guard let low = try number(countStart: start) else { throw malformed(start, usage) }
            var high: Int? = low
            if next == "," {
                index += 1
                high = try number(countStart: start)
            }
            guard next == "}" else { throw malformed(start, usage) }
            index += 1
            if let high, high < low { throw malformed(start, "the count {\(low),\(high)} is backwards") }
            return (low, high)
        }

        private mutating func number(countStart: Int) throws(OptionPatternError) -> Int? {
            var digits = 0
            var value = 0
            while let scalar = next, ScalarSet.digits.contains(scalar) {
                digits += 1
                if digits > 4 || value * 10 + Int(scalar.value - 48) > OptionPattern.largestCount {
                    throw malformed(countStart, "a count over \(OptionPattern.largestCount)")
                }
                value = value * 10 + Int(scalar.value - 48)
                index += 1
            }
            return digits == 0 ? nil : value
        }

        private mutating func escape(at start: Int) throws(OptionPatternError) -> Tree {
            guard let scalar = next else { throw malformed(start, "'\\' ends the pattern") }
            index += 1
            switch scalar {
            case "b": return .assertion(.wordBoundary)
            case "B": return .assertion(.notWordBoundary)
            case "1"..."9": throw unsupported(start, "a backreference ('\\\(scalar)')")
            default:
                if let set = try Self.shorthand(scalar) { return .set(set) }
                return .scalar(try literal(escaped: scalar, at: start))
            }
        }

        /// `\d \w \s` and their complements.
        private static func shorthand(_ scalar: Unicode.Scalar) throws(OptionPatternError) -> ScalarSet? {
            switch scalar {
            case "d": .digits
            case "D": ScalarSet.digits.complement
            case "w": .word
            case "W": ScalarSet.word.complement
            case "s": .space
            case "S": ScalarSet.space.complement
            default: nil
            }
        }

        /// What `\` + `scalar` stands for when it is one character: punctuation as itself, and
        /// the usual control characters. Any other letter or digit means something this matcher
        /// does not do (`\p{…}`, `\k<…>`, `\x…`, `\u…`).
        private func literal(escaped scalar: Unicode.Scalar, at start: Int) throws(OptionPatternError) -> Unicode.Scalar {
            switch scalar {
            case "t": return "\t"
            case "n": return "\n"
            case "r": return "\r"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            default:
                if scalar.isASCII, scalar.properties.isAlphabetic || ScalarSet.digits.contains(scalar) {
                    throw unsupported(start, "'\\\(scalar)'")
                }
                return scalar
            }
        }

        private mutating func characterClass(at start: Int) throws(OptionPatternError) -> ScalarSet {
            var set = ScalarSet()
            let negated = next == "^"
            if negated { index += 1 }
            var first = true
            while let scalar = next, scalar != "]" || first {
                first = false
                let itemStart = index
                if scalar == "[" {
                    if let mark = peek(1), ":.=".unicodeScalars.contains(mark) {
                        throw unsupported(itemStart, "a POSIX class ('[\(mark)')")
                    }
                    throw unsupported(itemStart, "a class inside a class (write '\\[' for the character)")
                }
                if (scalar == "&" && peek(1) == "&") || (scalar == "~" && peek(1) == "~") {
                    throw unsupported(itemStart, "a class operation ('\(scalar)\(scalar)')")
                }
                let low = try classMember()
                guard case .single(let lowScalar) = low else {
                    if case .set(let members) = low { set.formUnion(members) }
                    continue
                }
                guard next == "-", let after = peek(1), after != "]" else {
                    set.insert(lowScalar.value...lowScalar.value)
                    continue
                }
                index += 1
                guard case .single(let highScalar) = try classMember() else {
                    throw malformed(itemStart, "a range must end with a character, not a class")
                }
                guard lowScalar.value <= highScalar.value else {
                    throw malformed(itemStart, "the range '\(lowScalar)-\(highScalar)' is backwards")
                }
                set.insert(lowScalar.value...highScalar.value)
            }
            guard next == "]" else { throw malformed(start, "'[' is never closed") }
            index += 1
            return negated ? set.complement : set
        }

        private enum ClassMember {
            case single(Unicode.Scalar)
            case set(ScalarSet)
        }

        private mutating func classMember() throws(OptionPatternError) -> ClassMember {
            let start = index
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\" else { return .single(scalar) }
            guard let escaped = next else { throw malformed(start, "'\\' ends the pattern") }
            index += 1
            if let set = try Self.shorthand(escaped) { return .set(set) }
            if escaped == "b" { throw unsupported(start, "'\\b' inside a class") }
            return .single(try literal(escaped: escaped, at: start))
        }
    }
}
