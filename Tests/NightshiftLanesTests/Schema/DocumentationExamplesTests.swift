import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftTestSupport
import Testing

/// Every whole lanes file the documentation shows loads as `validate` loads it and passes the
/// schema: an example a reader copies works (DocumentationExampleDryRunTests dry-runs its lanes).
@Suite(.temporaryDirectory)
struct DocumentationExamplesTests {
    typealias Example = DocumentationExamples.Example

    static var all: [Example] { DocumentationExamples.all }

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
    func examplesPassTheSchema() async throws {
        let checker = try #require(LanesSchemaTests.checker)
        let folder = try TemporaryDirectory.make("examples")
        var paths: [String] = []
        for (index, example) in Self.all.enumerated() {
            let path = "\(folder)/\(index)-\(example.file.replacingOccurrences(of: "/", with: "_"))-\(example.line).yml"
            try example.text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let result = try await RepositoryFiles.run(checker, ["--schemafile", LanesSchemaTests.committed.path] + paths)
        #expect(result.status == 0, "\(result.output)")
    }
}
