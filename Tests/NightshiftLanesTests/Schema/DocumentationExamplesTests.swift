import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftTestSupport
import Testing

/// Every whole lanes file the documentation shows (a ```yaml block with a top-level `lanes:`)
/// loads as `validate` loads it and passes the schema: an example a reader copies works.
@Suite(.temporaryDirectory)
struct DocumentationExamplesTests {
    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var description: String { "\(file):\(line)" }
    }

    static var documents: [String] {
        let docs = RepositoryFiles.root.appendingPathComponent("Docs").path
        let guides = ((try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + guides.map { "Docs/\($0)" }
    }

    /// The ```yaml blocks of `path` (repository-relative) that are whole lanes files.
    static func examples(in path: String) throws -> [Example] {
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

    static var all: [Example] { documents.flatMap { (try? examples(in: $0)) ?? [] } }

    @Test("The documentation shows whole lanes files, and each loads without an error")
    func examplesLoad() throws {
        let examples = Self.all
        #expect(examples.count >= 5, "found \(examples.map(\.description))")
        for example in examples {
            do {
                _ = try LanesFileLoader().parse(text: example.text, path: example.description)
            } catch {
                Issue.record("\(example): \(error.diagnostics.map(\.message).joined(separator: "; "))")
            }
        }
    }

    @Test(
        "Each example passes check-jsonschema against schema/lanes.schema.json",
        .enabled(if: LanesSchemaTests.checker != nil, "check-jsonschema is not installed in .build-tools/venv (scripts/install-deps)"))
    func examplesPassTheSchema() throws {
        let checker = try #require(LanesSchemaTests.checker)
        let folder = try TemporaryDirectory.make("examples")
        var paths: [String] = []
        for (index, example) in Self.all.enumerated() {
            let path = "\(folder)/\(index)-\(example.file.replacingOccurrences(of: "/", with: "_"))-\(example.line).yml"
            try example.text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let result = try RepositoryFiles.run(checker, ["--schemafile", LanesSchemaTests.committed.path] + paths)
        #expect(result.status == 0, "\(result.output)")
    }
}
