/// `--parallel [N]`: ArgumentParser has no option whose value may be left out, so `--parallel`
/// is a flag and its N arrives among the lane words. A whole number that names no lane is it.
enum ParallelLimit {
    static func split(_ words: [String], laneNames: Set<String>) -> (words: [String], limit: Int?) {
        guard let index = words.lastIndex(where: { !laneNames.contains($0) && Int($0).map { $0 > 0 } == true }) else {
            return (words, nil)
        }
        var rest = words
        let limit = Int(rest.remove(at: index))
        return (rest, limit)
    }
}
