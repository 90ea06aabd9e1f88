/// A failure message's `File.swift:38: text` form, split into its parts.
enum TestMessageText {
    /// The most of a message kept, in UTF-8 bytes: beyond any assertion a reader looks at (a
    /// long `XCTAssertEqual` of two collections runs to a few KB), and a bound on what one failure
    /// costs the reports, the history and the console (a tool's output, or a hostile one, can
    /// hold a message of any size).
    static let maximumBytes = 16 * 1024
    /// The longest path the file part of a message can be (Linux's PATH_MAX, which is above macOS's).
    static let maximumPathBytes = 4096

    static func parse(_ whole: String) -> TestFailureMessage {
        let message = bounded(whole)
        // The first `:LINE:` after a file name with no blank before it, walked on the scalars in
        // place (a copy of them is four bytes a scalar).
        let scalars = message.unicodeScalars
        var index = scalars.startIndex
        var walked = 0
        while index < scalars.endIndex {
            let scalar = scalars[index]
            // A file's path is shorter than PATH_MAX (1,024 bytes on macOS, 4,096 on Linux): a
            // longer first word names no file, and the walk stops there.
            if scalar == " " || scalar == "\n" || walked > maximumPathBytes { break }
            walked += 1
            if scalar == ":", index > scalars.startIndex {
                let digitsStart = scalars.index(after: index)
                var end = digitsStart
                while end < scalars.endIndex, ("0"..."9").contains(scalars[end]) { end = scalars.index(after: end) }
                if end > digitsStart, end < scalars.endIndex, scalars[end] == ":" {
                    var textStart = scalars.index(after: end)
                    if textStart < scalars.endIndex, scalars[textStart] == " " { textStart = scalars.index(after: textStart) }
                    return TestFailureMessage(
                        text: String(scalars[textStart...]), file: String(scalars[..<index]), line: Int(String(scalars[digitsStart..<end])))
                }
            }
            index = scalars.index(after: index)
        }
        return TestFailureMessage(text: message)
    }

    /// `message`, or as much of its start as leaves room for saying how much was left out,
    /// `maximumBytes` in all: a bounded message stays as it is when bounded again.
    static func bounded(_ message: String) -> String {
        let size = message.utf8.count
        guard size > maximumBytes else { return message }
        let utf8 = message.utf8
        var end = utf8.index(utf8.startIndex, offsetBy: keptBytes)
        // Back to the start of a scalar: a cut inside one is no string.
        while end > utf8.startIndex, end.samePosition(in: message.unicodeScalars) == nil { end = utf8.index(before: end) }
        let kept = utf8.distance(from: utf8.startIndex, to: end)
        return String(message.unicodeScalars[..<end]) + cutNote(leftOut: size - kept)
    }

    /// What a cut message keeps at most, leaving room for its note (under 20 digits).
    static let keptBytes = maximumBytes - 40

    /// The note after a cut message: how many bytes it left out.
    static func cutNote(leftOut bytes: Int) -> String { " … (\(bytes) more bytes)" }
}
