/// Words for `/bin/sh`, as the dry run prints commands and as a Jenkinsfile's `sh` lines run them.
public enum ShellWord {
    /// `word` as POSIX sh reads it back: unchanged when every character is one sh never treats
    /// specially, else in single quotes (a `'` inside as `'\''`). The plain set is Python's
    /// `shlex.quote`: not `^` (a pipe to the Bourne shell, a glob to zsh), not `~`, `*`, `?`, `[`,
    /// `#` or `!` (expanded at the start of a word or anywhere).
    public static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isPlain) { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "@", "%", "+", "=", ":", ",", ".", "/", "-": true
        default: false
        }
    }
}
