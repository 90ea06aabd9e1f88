/// "Did you mean …?" for a misspelt key or name: the closest candidate by edit distance, when it
/// is close enough to be a plausible typo.
enum Suggestion {
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        let allowed = max(1, min(word.count, best.0.count) / 3)
        return best.1 <= allowed ? best.0 : nil
    }

    static func note(for word: String, among candidates: some Sequence<String>) -> [String] {
        closest(to: word, among: candidates).map { ["did you mean '\($0)'?"] } ?? []
    }

    /// Levenshtein distance, with adjacent transpositions counted as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
