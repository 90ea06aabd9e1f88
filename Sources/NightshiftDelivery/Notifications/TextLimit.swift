/// Cuts text to a service's limit visibly: what is cut ends in `… [truncated]`, so a reader knows
/// there was more. Lengths are counted in UTF-16 units, never fewer than the characters Slack
/// and Teams count, so a cut text is within their limits however they count.
enum TextLimit {
    static let marker = "… [truncated]"

    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        let room = max(0, limit - marker.utf16.count)
        var kept = ""
        var used = 0
        for character in text {
            let size = character.utf16.count
            if used + size > room { break }
            kept.append(character)
            used += size
        }
        // Not in the middle of an entity Slack would show half of (`&am`).
        if let ampersand = kept.lastIndex(of: "&"), !kept[ampersand...].contains(";") { kept = String(kept[..<ampersand]) }
        return kept + marker
    }
}
