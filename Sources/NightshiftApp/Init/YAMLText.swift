/// Scalars as `nightshift init` writes them: plain where YAML reads the text back unchanged,
/// double-quoted otherwise.
enum YAMLText {
    static let plainCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.-/()+,'")
    static let wordsYAMLReads: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && text.allSatisfy(plainCharacters.contains) && text.first != " " && text.last != " "
            && text.first != "-" && text.first != "'" && !wordsYAMLReads.contains(text.lowercased()) && Double(text) == nil
        return plain ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
