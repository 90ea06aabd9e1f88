/// `--parallel [N]`: ArgumentParser has no option whose value may be left out, so `--parallel`
/// is a flag and its N arrives among the lane words. A whole number that names no lane is it.
enum ParallelLimit {
    /// Throws a usage error for `--parallel 0`: a number that names no lane is meant as N, and
    /// none at a time is no run at all (it would otherwise read as a lane named '0').
    static func split(_ words: [String], laneNames: Set<String>) throws(CommandFailure) -> (words: [String], limit: Int?) {
        let isNumber = { (word: String) in !word.isEmpty && word.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let index = words.lastIndex(where: { !laneNames.contains($0) && isNumber($0) }) else {
            return (words, nil)
        }
        var rest = words
        let word = rest.remove(at: index)
        // Digits too many for an Int: more lanes at once than can be named, so all of them.
        let limit = Int(word) ?? Int.max
        guard limit > 0 else {
            throw .usage("--parallel takes how many lanes may run at once, at least 1; '\(word)' names no lane either")
        }
        return (rest, limit)
    }
}
