/// A shell script as a YAML literal block (`run: |`, `command: |`), for every engine that
/// writes one. Each line of the script, a multi-line `setup:` included, is indented under the
/// key. When the first line starts with a blank, or is empty, YAML would take the block's
/// indentation from it and end the block early (or refuse the file): an explicit indentation
/// indicator (`|2`) then says where the block's lines start.
public enum ShellBlock {
    /// `key: |` (or `|2`) and each line of `script` two blanks deeper than the key.
    public static func lines(key: String, _ script: [String]) -> [String] {
        let body = script.flatMap { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
        let needsIndicator = body.first.map { $0.first?.isWhitespace ?? true } ?? true
        return ["\(key): \(needsIndicator ? "|2" : "|")"] + body.map { $0.isEmpty ? "" : "  " + $0 }
    }
}
