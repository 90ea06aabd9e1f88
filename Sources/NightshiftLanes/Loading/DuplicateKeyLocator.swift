import NightshiftCore
/// Finds where a key repeats in a block mapping. Yams reports a duplicate key at the start of
/// its mapping, which for `lanes:` can be hundreds of lines above the copy a user pasted in.
enum DuplicateKeyLocator {
    struct Occurrences {
        /// 1-based lines and columns, in file order.
        var places: [(line: Int, column: Int)]
    }

    /// The places of `key` among the keys of the block mapping that starts at `line`:`column`
    /// (1-based). Empty for a flow mapping (`{ a: 1, a: 2 }`), whose keys share a line.
    static func occurrences(of key: String, inMappingAt line: Int, column: Int, text: String) -> Occurrences {
        var places: [(line: Int, column: Int)] = []
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { $0 + ":" }
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().dropFirst(line - 1) {
            let content = rawLine.drop { $0 == " " }
            let indentation = rawLine.count - content.count
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indentation + 1 < column { break }
            guard indentation + 1 == column else { continue }
            if spellings.contains(where: { content.hasPrefix($0) && startsValue(content.dropFirst($0.count)) }) {
                places.append((index + 1, column))
            }
        }
        return Occurrences(places: places)
    }

    /// After `key:` comes a space, a comment or the end of the line (not `key:x`, a plain scalar).
    private static func startsValue(_ rest: Substring) -> Bool {
        rest.first.map { $0 == " " || $0 == "\t" || $0 == "\r" } ?? true
    }
}
