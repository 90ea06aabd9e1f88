import Foundation

/// Exit status 127 is what a shell returns when it cannot find a command (POSIX, Shell Command
/// Language 2.8.2; `env` and `xargs` use it too): a step failing with it is named as such, with
/// the command the shell named in its last output lines when one of them says so.
enum CommandNotFound {
    static let exitStatus: Int32 = 127

    /// What follows "failed with exit code 127" in a step's failure message.
    static func explanation(outputTail: String) -> String {
        command(in: outputTail).map { " (command not found: \($0))" } ?? " (the shell's code for a command not found)"
    }

    /// The command named by the last line of `tail` that reports one, in the words of the shells
    /// a step may run under: dash (Debian's and Ubuntu's /bin/sh: `sh: 1: swiftlint: not found`),
    /// bash (macOS's /bin/sh: `/bin/sh: swiftlint: command not found`, `… line 1: …`), BusyBox
    /// (`sh: swiftlint: not found`), zsh (`zsh:1: command not found: swiftlint`), and a path that
    /// is not there (`/bin/sh: ./notify.sh: No such file or directory`, coreutils' `env: 'x': …`).
    static func command(in tail: String) -> String? {
        for line in tail.split(whereSeparator: \.isNewline).reversed() {
            if let name = name(in: String(line)) { return name }
        }
        return nil
    }

    private static func name(in line: String) -> String? {
        if let range = line.range(of: "command not found: ", options: .backwards) {
            return nonEmpty(String(line[range.upperBound...]))
        }
        for suffix in [": command not found", ": not found", ": No such file or directory"] where line.hasSuffix(suffix) {
            let rest = line.dropLast(suffix.count)
            // The shell's prefixes ("sh", "1", "line 1") come first, separated as the name is.
            let last = rest.components(separatedBy: ": ").last ?? ""
            return nonEmpty(last.trimmingCharacters(in: ["'", "‘", "’"]))
        }
        return nil
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
