extension OptionPattern {
    /// A parsed pattern.
    indirect enum Tree: Sendable {
        case empty
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
        case assertion(Assertion)
        case concatenation([Tree])
        case alternation([Tree])
        /// `max` nil: unbounded.
        case repetition(Tree, min: Int, max: Int?)
    }

    /// What a position must be, consuming nothing.
    enum Assertion: Sendable, Hashable {
        case start, end, wordBoundary, notWordBoundary

        /// Whether it holds between `previous` and `next` (nil: the value's start or end).
        func holds(previous: Unicode.Scalar?, next: Unicode.Scalar?) -> Bool {
            switch self {
            case .start: previous == nil
            case .end: next == nil
            case .wordBoundary: ScalarSet.isWord(previous) != ScalarSet.isWord(next)
            case .notWordBoundary: ScalarSet.isWord(previous) == ScalarSet.isWord(next)
            }
        }
    }
}

/// A set of Unicode scalars as sorted, disjoint, non-adjacent ranges of their values: a class,
/// `.`, `\d`. Negation is the complement, so `[^\D]` needs nothing special.
struct ScalarSet: Sendable, Hashable {
    private(set) var ranges: [ClosedRange<UInt32>] = []

    static let largest: UInt32 = 0x10_FFFF
    static let digits = ScalarSet(["0"..."9"])
    static let word = ScalarSet(["a"..."z", "A"..."Z", "0"..."9", "_"..."_"])
    static let space = ScalarSet([" "..." ", "\t"..."\r"])
    /// `.`: anything but a newline.
    static let notNewline = ScalarSet(["\n"..."\n"]).complement

    init(_ ranges: [ClosedRange<Unicode.Scalar>] = []) {
        for range in ranges { insert(range.lowerBound.value...range.upperBound.value) }
    }

    static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map(word.contains) ?? false
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        var merged = range
        var kept: [ClosedRange<UInt32>] = []
        for existing in ranges {
            if existing.upperBound &+ 1 < merged.lowerBound || merged.upperBound &+ 1 < existing.lowerBound {
                kept.append(existing)
            } else {
                merged = min(existing.lowerBound, merged.lowerBound)...max(existing.upperBound, merged.upperBound)
            }
        }
        kept.append(merged)
        ranges = kept.sorted { $0.lowerBound < $1.lowerBound }
    }

    mutating func formUnion(_ other: ScalarSet) {
        for range in other.ranges { insert(range) }
    }

    var complement: ScalarSet {
        var result = ScalarSet()
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.ranges.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= Self.largest { result.ranges.append(next...Self.largest) }
        return result
    }
}
