import NightshiftCore
/// The line syntax of `security -i`, which reads one command per line from stdin. Commands that
/// need a password go this way so the password is never on an argv that `ps` or a log can see.
/// `security` splits the line itself: double quotes group, a backslash escapes the next character
/// (SecurityTool's `split_line`), and each line must stay under its 4096-byte buffer.
enum SecurityCommandLine {
    static let maximumLength = 4000

    struct InvalidArgument: Error, Sendable, Hashable, CustomStringConvertible {
        var description: String
    }

    /// `arguments` as one `security -i` line, newline-terminated.
    static func line(_ arguments: [String]) throws(InvalidArgument) -> String {
        if arguments.contains(where: { $0.contains("\n") || $0.contains("\r") || $0.contains("\0") }) {
            throw InvalidArgument(
                description: "a keychain or certificate password or path contains a line break, which security cannot read")
        }
        let line = arguments.map(quote).joined(separator: " ")
        guard line.utf8.count < maximumLength else {
            throw InvalidArgument(description: "the security command line is longer than security accepts")
        }
        return line + "\n"
    }

    static func quote(_ argument: String) -> String {
        var quoted = "\""
        for character in argument {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// Parses `security list-keychains` / `default-keychain` output: one quoted path per line.
    static func keychainPaths(in output: String) -> [String] {
        output.split(whereSeparator: \.isNewline).compactMap { line in
            var path = Substring(line).drop { $0 == " " || $0 == "\t" }
            while let last = path.last, last == " " || last == "\t" { path = path.dropLast() }
            if path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 { path = path.dropFirst().dropLast() }
            return path.isEmpty ? nil : String(path)
        }
    }
}
