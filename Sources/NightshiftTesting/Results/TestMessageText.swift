/// A failure message's `File.swift:38: text` form, split into its parts.
enum TestMessageText {
    static func parse(_ message: String) -> TestFailureMessage {
        // The first `:LINE: ` after a file name with no blank before it.
        let scalars = Array(message.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\n" { break }
            if scalar == ":" {
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > index + 1, end < scalars.count, scalars[end] == ":", index > 0 {
                    let file = String(String.UnicodeScalarView(scalars[..<index]))
                    let digits = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                    var textStart = end + 1
                    if textStart < scalars.count, scalars[textStart] == " " { textStart += 1 }
                    let text = String(String.UnicodeScalarView(scalars[textStart...]))
                    return TestFailureMessage(text: text, file: file, line: Int(digits))
                }
            }
            index += 1
        }
        return TestFailureMessage(text: message)
    }
}
