/// The parts of a test's name as the tools write them, split by their structure: a separator
/// inside backticks belongs to a raw identifier (Swift 6.2's ``func `half of 1/2`()``, a suite
/// ``struct `A.B` ``), never splits it. Which separator depends on the tool: `/` in xcodebuild's
/// identifiers, `.` in an xUnit `classname`.
enum TestNamePath {
    /// `text` split at each `separator` outside backticks; the backticks are kept.
    static func components(of text: String, separatedBy separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var inBackticks = false
        for character in text {
            if character == "`" { inBackticks.toggle() }
            if character == separator && !inBackticks {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
