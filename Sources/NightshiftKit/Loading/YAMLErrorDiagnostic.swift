import Yams

/// Turns Yams' syntax errors into diagnostics that point at the offending character.
enum YAMLErrorDiagnostic {
    static func make(from error: any Error, file: String) -> Diagnostic {
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
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return .error("duplicate key \(keys) in this mapping", at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column))
        default:
            return .error("cannot parse YAML: \(yamlError)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    private static func position(ofOffset offset: Int, in text: String, file: String) -> SourceLocation {
        var line = 1, column = 1
        for (index, byte) in text.utf8.enumerated() where index < offset {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
