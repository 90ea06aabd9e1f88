import NightshiftEngine

/// What a dSYM upload writes into the run journal as it goes: the identities of the files sent
/// (`BugsnagUploader.identity`), spread over as many of the note's values as they need, since
/// each value holds at most `JournalNote.longestValue` characters (240 identities) and a longer
/// one would be cut, its last files sent again by a resumed run.
enum SentFilesNote {
    static let keyPrefix = "sent."

    static func values(_ sent: Set<String>) -> [String: String] {
        let perValue = JournalNote.longestValue / 17
        let sorted = sent.sorted()
        var values: [String: String] = [:]
        for (index, start) in stride(from: 0, to: sorted.count, by: perValue).enumerated() where index < JournalNote.mostValues {
            values["\(keyPrefix)\(index)"] = sorted[start..<min(start + perValue, sorted.count)].joined(separator: ",")
        }
        return values
    }

    static func sent(in values: [String: String]?) -> Set<String> {
        let lists = (values ?? [:]).filter { $0.key.hasPrefix(keyPrefix) }.values
        return Set(lists.flatMap { $0.split(separator: ",").map(String.init) })
    }
}
