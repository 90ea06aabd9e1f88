import NightshiftCore
/// The names a simple command of a shell script sets, from its words: `NAME=value` before the
/// command or after `export`/`local`/`readonly`, `read [-r] A B`, `for NAME in`, `local NAME`,
/// `getopts SPEC NAME`. Deliberately generous: a name counted as set only ever spares an
/// error, while one missed would refuse a script that works.
enum ShellAssignments {
    /// Words that may stand before the command itself.
    private static let prefixes: Set<String> = [
        "!", "{", "}", "if", "then", "else", "elif", "fi", "while", "until", "do", "done", "time", "command", "builtin",
    ]
    /// Declarations whose bare names are set (to empty) as well as their `NAME=value` words.
    private static let declarations: Set<String> = ["local", "declare", "typeset"]
    /// Declarations that set only their `NAME=value` words (`export NAME` alone sets nothing).
    private static let exports: Set<String> = ["export", "readonly"]

    /// `words` are the command's words as read, a quoted part replaced so that it never looks
    /// like a name.
    static func names(setBy words: [String]) -> [String] {
        var set: [String] = []
        var rest = words[...]
        while let first = rest.first {
            if let name = assignedName(first) {
                set.append(name)
            } else if !prefixes.contains(first) {
                break
            }
            rest = rest.dropFirst()
        }
        guard let command = rest.first else { return set }
        let arguments = Array(rest.dropFirst())
        switch command {
        case "read":
            set += arguments.filter { !$0.hasPrefix("-") && Interpolation.isValidName($0) }
        case "for", "select":
            set += arguments.prefix(1).filter(Interpolation.isValidName)
        case "getopts":
            set += arguments.dropFirst().prefix(1).filter(Interpolation.isValidName)
        case _ where declarations.contains(command):
            set += arguments.compactMap { assignedName($0) ?? (Interpolation.isValidName($0) ? $0 : nil) }
        case _ where exports.contains(command):
            set += arguments.compactMap(assignedName)
        default:
            break
        }
        return set
    }

    /// `NAME` of a `NAME=value` (or bash's `NAME+=value`) word.
    static func assignedName(_ word: String) -> String? {
        guard let equals = word.firstIndex(of: "=") else { return nil }
        var name = word[..<equals]
        if name.hasSuffix("+") { name = name.dropLast() }
        return Interpolation.isValidName(String(name)) ? String(name) : nil
    }
}
