import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftTestSupport
import Testing

/// The JSON Schema is rendered from the keys the loader checks (`LanesKeys`): the committed copy
/// is current, and the schema and `validate` agree on good files and on misspelt keys and wrong types.
@Suite(.temporaryDirectory)
struct LanesSchemaTests {
    static let committed = RepositoryFiles.root.appendingPathComponent("schema/lanes.schema.json")
    static let checker = BuildToolsVenv.executable("check-jsonschema")

    @Test("schema/lanes.schema.json is what `nightshift schema` prints (NIGHTSHIFT_RECORD=1 rewrites it)")
    func committedCopyIsCurrent() throws {
        try RepositoryFiles.expectMatches(LanesSchema.document().printed(), file: Self.committed)
    }

    @Test("The schema is JSON, draft-07, and closed: every mapping refuses keys it does not list")
    func schemaIsClosedJSON() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(LanesSchema.document().printed().utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(object["additionalProperties"] as? Bool == false)
        let properties = try #require(object["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(LanesKeys.file.names))
        #expect(object["required"] as? [String] == ["lanes"])
    }

    @Test("A key added to the description is in the schema, with its summary")
    func everyDescribedKeyIsInTheSchema() {
        let text = LanesSchema.document().printed()
        let mappings = [
            LanesKeys.file, LanesKeys.project, LanesKeys.codesigning, LanesKeys.keychain, LanesKeys.configuration, LanesKeys.lane,
            LanesKeys.schedule, LanesKeys.jenkins, LanesKeys.github, LanesKeys.buildkite, LanesKeys.laneOption,
            LanesKeys.notification, LanesKeys.stepOptions, LanesKeys.retry, LanesKeys.archive, LanesKeys.buildNumber,
            LanesKeys.test, LanesKeys.testDestination, LanesKeys.coverage, LanesKeys.notarize, LanesKeys.packageContainer,
        ]
        for key in mappings.flatMap(\.keys) {
            #expect(text.contains("\"\(key.name)\": {\n"), "\(key.name)")
            #expect(text.contains(SchemaJSONText.quoted(key.summary)), "\(key.name)")
        }
        for kind in LanesKeys.stepKinds {
            #expect(text.contains(SchemaJSONText.quoted(kind.summary)), "\(kind.keyword)")
        }
    }

    @Test(
        "The bundled lanes.yml and the valid fixtures load and pass check-jsonschema",
        .enabled(if: checker != nil, "check-jsonschema is not installed in .build-tools/venv (scripts/install-deps)"))
    func goodFilesPass() async throws {
        let checker = try #require(Self.checker)
        let files = [RepositoryFiles.root.appendingPathComponent("lanes.yml").path] + SchemaFixtures.valid
        for path in files {
            _ = try LanesFileLoader().parse(text: String(contentsOfFile: path, encoding: .utf8), path: path)
        }
        let result = try await RepositoryFiles.run(checker, ["--schemafile", Self.committed.path] + files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("A misspelt key or a wrong type fails validate", arguments: SchemaFixtures.refused)
    func badFilesFailValidate(_ example: SchemaFixtures.Example) {
        #expect(throws: LanesFileError.self, "validate accepted: \(example.name)") {
            try LanesFileLoader().parse(text: example.text, path: "lanes.yml")
        }
    }

    /// One check-jsonschema over every refused file (a start of it costs 0.8 CPU s), each of
    /// which must have an error of its own in its JSON report.
    @Test(
        "A misspelt key or a wrong type fails check-jsonschema too, each file with an error of its own",
        .enabled(if: checker != nil, "check-jsonschema is not installed in .build-tools/venv (scripts/install-deps)"))
    func badFilesFailTheSchema() async throws {
        let checker = try #require(Self.checker)
        let folder = try TemporaryDirectory.make("schema")
        var names: [String: String] = [:]
        for (index, example) in SchemaFixtures.refused.enumerated() {
            let path = "\(folder)/refused-\(index).yml"
            try example.text.write(toFile: path, atomically: true, encoding: .utf8)
            names[path] = example.name
        }
        let result = try await RepositoryFiles.run(checker, ["-o", "json", "--schemafile", Self.committed.path] + names.keys.sorted())
        #expect(result.status != 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        let failed = Set(((report["errors"] as? [[String: Any]]) ?? []).compactMap { $0["filename"] as? String })
        let parseFailed = Set(((report["parse_errors"] as? [[String: Any]]) ?? []).compactMap { $0["filename"] as? String })
        for (path, name) in names.sorted(by: { $0.key < $1.key }) {
            #expect(failed.contains(path) || parseFailed.contains(path), "check-jsonschema accepted: \(name)")
        }
    }
}

/// The quoting the schema prints its strings with, for looking them up in its text.
enum SchemaJSONText {
    static func quoted(_ text: String) -> String {
        SchemaJSON.string(text).printed().trimmingCharacters(in: .newlines)
    }
}
