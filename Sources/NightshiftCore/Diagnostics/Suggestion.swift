/// "Did you mean …?" for a misspelt key or name: the closest candidate by edit distance, when it
/// is close enough to be a plausible typo.
public enum Suggestion {
    /// Words longer than this get no suggestion: nobody mistypes a 50 KB time zone, and the
    /// distance costs the product of the lengths.
    static let longestWord = 128

    /// `measure` is the edit distance; tests count its calls.
    public static func closest(
        to word: String, among candidates: some Sequence<String>,
        measure: ([Character], [Character]) -> Int = distance
    ) -> String? {
        let typed = Array(word.lowercased())
        guard typed.count <= longestWord else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            let allowed = budget(typed.count, other.count)
            // Each edit changes the length by at most one: a candidate whose length differs by
            // more than the budget cannot be close enough.
            guard abs(typed.count - other.count) <= allowed else { continue }
            let score = measure(typed, other)
            guard score <= allowed else { continue }
            if best.map({ score < $0.distance || (score == $0.distance && candidate < $0.candidate) }) ?? true {
                best = (candidate, score)
            }
        }
        return best?.candidate
    }

    public static func note(for word: String, among candidates: some Sequence<String>) -> [String] {
        closest(to: word, among: candidates).map { ["did you mean '\($0)'?"] } ?? []
    }

    /// The edits a typo of a word may have: a third of the shorter length, at least one.
    private static func budget(_ a: Int, _ b: Int) -> Int { max(1, min(a, b) / 3) }

    /// Levenshtein distance, with adjacent transpositions counted as one edit.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a), Array(b))
    }

    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

/// Did-you-means against a file's own names (its lanes, its configurations) cost a distance per
/// name. A file with thousands of bad references gets them for its first few only, so loading
/// stays linear in the file's size.
public final class SuggestionBudget {
    private var remaining: Int

    public init(suggestions: Int) {
        remaining = suggestions
    }

    /// `candidates` is only evaluated while the budget lasts.
    public func note(for word: String, among candidates: @autoclosure () -> [String]) -> [String] {
        guard remaining > 0 else { return [] }
        remaining -= 1
        return Suggestion.note(for: word, among: candidates())
    }
}
