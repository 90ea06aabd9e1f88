extension OptionPattern {
    /// One state of the NFA: a consuming one (`scalar`, `set`), or one the simulation follows
    /// without consuming (`split`, `jump`, `assertion`), or the end.
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        /// An index into `OptionPattern.sets`: a payload the hot loop does not copy.
        case set(Int)
        /// Both ways; the order does not matter, only whether some way matches.
        case split(Int, Int)
        case jump(Int)
        case assertion(Assertion)
        case match
    }

    /// Thompson's construction. A count is written out (`a{2,4}` is `aa(a(a)?)?`), so its size is
    /// computed first, saturating at the limit: a pattern of a kilobyte can ask for billions of
    /// states (`((a{1000}){1000}){1000}`), and is refused before any is made.
    enum Compiler {
        static func compile(_ tree: Tree, limit: Int) throws(OptionPatternError) -> (program: [Instruction], sets: [ScalarSet]) {
            let needed = size(of: tree, limit: limit) + 1
            guard needed <= limit else {
                throw OptionPatternError(
                    offset: 0, "the pattern needs more than \(limit) states (counts multiply: shrink them)", kind: .unsupported)
            }
            var program = Program()
            program.instructions.reserveCapacity(needed)
            emit(tree, into: &program)
            program.instructions.append(.match)
            return (program.instructions, program.sets)
        }

        struct Program {
            var instructions: [Instruction] = []
            var sets: [ScalarSet] = []
            var indexOfSet: [ScalarSet: Int] = [:]

            var count: Int { instructions.count }

            mutating func append(_ instruction: Instruction) { instructions.append(instruction) }

            subscript(position: Int) -> Instruction {
                get { instructions[position] }
                set { instructions[position] = newValue }
            }

            /// One copy of each distinct set (`\d` written ten times is one set).
            mutating func index(of set: ScalarSet) -> Int {
                if let index = indexOfSet[set] { return index }
                sets.append(set)
                indexOfSet[set] = sets.count - 1
                return sets.count - 1
            }
        }

        /// The instructions `tree` compiles to, or more than `limit` when that is more.
        static func size(of tree: Tree, limit: Int) -> Int {
            func capped(_ value: Int) -> Int { min(value, limit + 1) }
            switch tree {
            case .empty: return 0
            case .scalar, .set, .assertion: return 1
            case .concatenation(let items):
                return items.reduce(0) { capped($0 + size(of: $1, limit: limit)) }
            case .alternation(let branches):
                return branches.reduce(2 * (branches.count - 1)) { capped($0 + size(of: $1, limit: limit)) }
            case .repetition(let inner, let low, let high):
                let one = size(of: inner, limit: limit)
                let optional = high.map { capped(($0 - low) * (one + 1)) } ?? capped(one + 2)
                return capped(capped(low * one) + optional)
            }
        }

        static func emit(_ tree: Tree, into program: inout Program) {
            switch tree {
            case .empty: break
            case .scalar(let scalar): program.append(.scalar(scalar))
            case .set(let set): program.append(.set(program.index(of: set)))
            case .assertion(let assertion): program.append(.assertion(assertion))
            case .concatenation(let items):
                for item in items { emit(item, into: &program) }
            case .alternation(let branches): emitAlternation(branches, into: &program)
            case .repetition(let inner, let low, let high):
                for _ in 0..<low { emit(inner, into: &program) }
                if let high {
                    emitOptionals(inner, count: high - low, into: &program)
                } else {
                    emitStar(inner, into: &program)
                }
            }
        }

        /// `a|b|c`: split to a or on, each branch jumping to the end.
        private static func emitAlternation(_ branches: [Tree], into program: inout Program) {
            var jumps: [Int] = []
            for (position, branch) in branches.enumerated() {
                let isLast = position == branches.count - 1
                let split = program.count
                if !isLast { program.append(.split(0, 0)) }
                emit(branch, into: &program)
                if !isLast {
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        }

        /// `x{0,n}` as `(x(x(…)?)?)?`: each split skips to the end.
        private static func emitOptionals(_ inner: Tree, count: Int, into program: inout Program) {
            var splits: [Int] = []
            for _ in 0..<count {
                splits.append(program.count)
                program.append(.split(0, 0))
                emit(inner, into: &program)
            }
            for split in splits { program[split] = .split(split + 1, program.count) }
        }

        /// `x*`: a split into x or past it, x jumping back to the split.
        private static func emitStar(_ inner: Tree, into program: inout Program) {
            let split = program.count
            program.append(.split(0, 0))
            emit(inner, into: &program)
            program.append(.jump(split))
            program[split] = .split(split + 1, program.count)
        }
    }
}
