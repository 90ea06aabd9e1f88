import NightshiftCore
import Yams

/// Turns Yams' syntax errors into diagnostics that point at the offending character.
enum YAMLErrorDiagnostic {
    static func make(from error: any Error, file: String, text: String) -> Diagnostic {
        guard let yamlError = error as? YamlError else {
            return .error("cannot parse YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let message = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return .error("invalid YAML: \(message)", at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, let yaml):
            let location = offset.map { position(ofOffset: $0, in: yaml, file: file) } ?? SourceLocation(file: file, line: 1, column: 1)
            return .error("invalid text: \(problem)", at: location)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKey(duplicates.sorted(), mapping: context.mark, text: text, file: file)
        default:
            return .error("cannot parse YAML: \(yamlError)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// At the first key's second place, with a note on its first; at the mapping when the
    /// places cannot be found (a flow mapping).
    private static func duplicateKey(_ keys: [String], mapping: Mark, text: String, file: String) -> Diagnostic {
        let quoted = keys.map { "'\($0)'" }.joined(separator: ", ")
        let places =
            keys.first.map {
                DuplicateKeyLocator.occurrences(of: $0, inMappingAt: mapping.line, column: mapping.column, text: text).places
            } ?? []
        guard places.count > 1 else {
            return .error(
                "duplicate key \(quoted) in this mapping", at: SourceLocation(file: file, line: mapping.line, column: mapping.column))
        }
        return .error(
            "duplicate key \(quoted) in this mapping", at: SourceLocation(file: file, line: places[1].line, column: places[1].column),
            notes: ["'\(keys[0])' is first defined at line \(places[0].line)"])
    }

    private static func position(ofOffset offset: Int, in text: String, file: String) -> SourceLocation {
        var line = 1, column = 1
        for (index, byte) in text.utf8.enumerated() where index < offset {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
