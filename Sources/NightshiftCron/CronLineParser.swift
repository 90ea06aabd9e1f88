/// Reads the five fields of one trimmed line with Jenkins' grammar and semantic actions:
/// `expr := term (',' term)*`, terms `N`, `N-M[/S]`, `*[/S]`, `H[/S]`, `H(a-b)[/S]`.
/// Errors are raised with the column of the token being looked at, as Jenkins reports them.
struct CronLineParser {
    private let tokens: [CronToken]
    private var index = 0
    private var field: CronField = .minute
    /// Column of the term being read, so range and step errors can point at it.
    private var termStart = 0

    init(tokens: [CronToken]) {
        self.tokens = tokens
    }

    /// Parses `MIN HOUR DOM MON DOW` then end of line, drawing `H` values from `hash` in order.
    mutating func parseFields(hash: inout CronHash) throws(CronLineFailure) -> CronFieldSet {
        var bits: [UInt64] = []
        for field in CronField.allCases {
            self.field = field
            if field != .minute { try expectSeparator() }
            bits.append(try parseExpression(hash: &hash))
        }
        guard current.isEnd else { throw failure(CronMessages.trailing(current)) }
        let weekdays = bits[4] & (1 << 7) != 0 ? (bits[4] | 1) & ~(1 << 7) : bits[4]
        return CronFieldSet(minutes: bits[0], hours: bits[1], daysOfMonth: bits[2], months: bits[3], daysOfWeek: weekdays)
    }

    private var current: CronToken { tokens[min(index, tokens.count - 1)] }

    private mutating func advance() { index += 1 }

    private func failure(_ message: String) -> CronLineFailure {
        CronLineFailure(column: current.column, message: message, field: field)
    }

    /// A range or step error: reported at Jenkins' column, located at the term.
    private func termFailure(_ message: String) -> CronLineFailure {
        CronLineFailure(column: current.column, message: message, field: field, termColumn: termStart)
    }

    private mutating func expectSeparator() throws(CronLineFailure) {
        guard current.kind == .whitespace else { throw failure(CronMessages.missingSeparator(before: field, found: current)) }
        advance()
    }

    private mutating func parseExpression(hash: inout CronHash) throws(CronLineFailure) -> UInt64 {
        var bits = try parseTerm(hash: &hash)
        while current.kind == .comma {
            advance()
            bits |= try parseTerm(hash: &hash)
        }
        return bits
    }

    private mutating func parseTerm(hash: inout CronHash) throws(CronLineFailure) -> UInt64 {
        termStart = current.column
        switch current.kind {
        case .number:
            let start = try number()
            guard current.kind == .minus else {
                try check(start)
                return 1 << UInt64(start)
            }
            advance()
            let end = try number()
            let step = try optionalStep()
            return try range(start, end, step: step)
        case .star:
            advance()
            let step = try optionalStep()
            return try range(field.lowerBound, field.upperBound, step: step)
        case .hash:
            advance()
            return try hashedTerm(hash: &hash)
        default:
            throw failure(CronMessages.unexpectedTermStart(current, in: field))
        }
    }

    private mutating func hashedTerm(hash: inout CronHash) throws(CronLineFailure) -> UInt64 {
        guard current.kind == .openParen else {
            let step = try optionalStep()
            return try hashed(field.lowerBound, field.hashUpperBound, step: step, hash: &hash)
        }
        advance()
        let start = try number()
        guard current.kind == .minus else { throw failure(CronMessages.expected("'-' inside H(a-b)", found: current)) }
        advance()
        let end = try number()
        guard current.kind == .closeParen else { throw failure(CronMessages.expected("')' to close H(a-b)", found: current)) }
        advance()
        let step = try optionalStep()
        return try hashed(start, end, step: step, hash: &hash)
    }

    /// `/S` after a term; 1 is Jenkins' "no step" sentinel.
    private mutating func optionalStep() throws(CronLineFailure) -> Int {
        guard current.kind == .slash else { return 1 }
        advance()
        return try number()
    }

    private mutating func number() throws(CronLineFailure) -> Int {
        guard case .number(let digits) = current.kind else {
            throw failure(CronMessages.expected("a number", found: current))
        }
        guard let value = Int32(digits) else { throw failure(CronMessages.tooLarge(digits)) }
        advance()
        return Int(value)
    }

    private func check(_ value: Int) throws(CronLineFailure) {
        guard value < field.lowerBound || value > field.upperBound else { return }
        throw termFailure(CronMessages.outOfRange(value, field.lowerBound, field.upperBound))
    }

    private func range(_ start: Int, _ end: Int, step: Int) throws(CronLineFailure) -> UInt64 {
        try check(start)
        try check(end)
        guard step > 0 else { throw termFailure(CronMessages.stepNotPositive(step)) }
        guard start <= end else { throw termFailure("You mean \(jenkinsNumber(end))-\(jenkinsNumber(start))?") }
        return stride(from: start, through: end, by: step).reduce(0) { $0 | (1 << UInt64($1)) }
    }

    private func hashed(_ start: Int, _ end: Int, step: Int, hash: inout CronHash) throws(CronLineFailure) -> UInt64 {
        try check(start)
        try check(end)
        let width = end - start + 1
        if step > width { throw termFailure(CronMessages.outOfRange(step, 1, width)) }
        if step <= 0 { throw termFailure(CronMessages.stepNotPositive(step)) }
        guard step > 1 else { return 1 << UInt64(start + hash.next(width)) }
        let first = start + hash.next(step)
        return stride(from: first, through: end, by: step).reduce(0) { $0 | (1 << UInt64($1)) }
    }
}
