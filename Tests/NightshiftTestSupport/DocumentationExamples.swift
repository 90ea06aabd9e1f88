import Foundation

/// The whole lanes files the documentation shows (a ```yaml block with a top-level `lanes:`), in
/// README.md and every guide in Docs/: what a reader copies. Tests load, schema-check and dry-run
/// each one, so an example that stops working fails here first.
public enum DocumentationExamples {
    public struct Example: Sendable, CustomStringConvertible {
        /// Repository-relative: `Docs/Signing.md`.
        public var file: String
        /// The block's first line in `file`.
        public var line: Int
        public var text: String
        public var description: String { "\(file):\(line)" }
    }

    public static var documents: [String] {
        let docs = RepositoryFiles.root.appendingPathComponent("Docs").path
        let guides = ((try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + guides.map { "Docs/\($0)" }
    }

    /// Every example of every document, in order.
    public static var all: [Example] { documents.flatMap { (try? examples(in: $0)) ?? [] } }

    /// The ```yaml blocks of `path` (repository-relative) that are whole lanes files, indented
    /// blocks (inside a list item) taken back to the margin.
    public static func examples(in path: String) throws -> [Example] {
        let text = try String(contentsOf: RepositoryFiles.root.appendingPathComponent(path), encoding: .utf8)
        var found: [Example] = []
        var block: [String]?
        var start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if block == nil, trimmed == "```yaml" {
                block = []
                start = index + 2
            } else if let lines = block, trimmed == "```" {
                let indent = lines.first.map { $0.prefix { $0 == " " }.count } ?? 0
                let body = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                if body.contains(where: { $0.hasPrefix("lanes:") }) {
                    found.append(Example(file: path, line: start, text: body.joined(separator: "\n") + "\n"))
                }
                block = nil
            } else if block != nil {
                block?.append(String(line))
            }
        }
        return found
    }
}
