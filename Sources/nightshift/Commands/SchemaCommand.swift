import ArgumentParser
import NightshiftApp

struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of lanes.yml, for editors and check-jsonschema.",
        discussion: """
            Editors with a YAML language server (VS Code's YAML extension, JetBrains IDEs) complete \
            and check lanes.yml once its first line names the schema: \
            '# yaml-language-server: $schema=.nightshift/lanes.schema.json' after \
            'nightshift schema > .nightshift/lanes.schema.json'. The schema checks keys and types; \
            'nightshift validate' checks the rest (references, files, cron lines).
            """)

    func run() async throws {
        throw ExitCode(await PrintSchema().execute(in: CompositionRoot.environment()))
    }
}
