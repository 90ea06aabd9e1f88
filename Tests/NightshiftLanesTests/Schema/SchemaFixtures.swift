import Foundation
import NightshiftTestSupport
import Testing

/// Lanes files the schema and the loader must agree on.
enum SchemaFixtures {
    static let folder = RepositoryFiles.root.appendingPathComponent("Tests/NightshiftLanesTests/Fixtures/valid").path

    static var valid: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yml") }.sorted()
            .map { "\(folder)/\($0)" }
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var testDescription: String { name }
    }

    static let header = "project: { name: Brewer, scheme: Brewer }\n"

    static func lane(_ steps: String, extra: String = "") -> String {
        header + extra + "lanes:\n  ship:\n    steps:\n" + steps
    }

    static let refused: [Example] = [
        Example(name: "a misspelt top-level key", text: header + "lane:\n  a: { steps: [{ sh: make }] }\n"),
        Example(
            name: "a misspelt project key", text: "project: { name: Brewer, shceme: Brewer }\nlanes: { a: { steps: [{ sh: make }] } }\n"),
        Example(name: "a misspelt lane key", text: header + "lanes:\n  lint:\n    stpes:\n      - sh: swiftlint\n"),
        Example(name: "a misspelt step kind", text: lane("      - shh: make\n")),
        Example(name: "a misspelt bare step", text: lane("      - packge\n")),
        Example(name: "two kinds in one step", text: lane("      - { sh: make, lane: other }\n")),
        Example(name: "a misspelt step option", text: lane("      - { sh: make, timout: 5m }\n")),
        Example(name: "a misspelt test key", text: lane("      - test: { sheme: Brewer }\n")),
        Example(name: "a misspelt upload key", text: lane("      - upload: { to: firebase, app: \"${FIREBASE_APP}\", grups: [qa] }\n")),
        Example(name: "an unknown upload destination", text: lane("      - upload: { to: dropbox }\n")),
        Example(name: "outputs on a test step", text: lane("      - { test: {}, outputs: [a.txt] }\n")),
        Example(
            name: "a misspelt configuration key",
            text: header
                + "configurations:\n  beta: { certificate: c, provisioning_profile: p, build_configuration: Release, app_identifer: a.b, export_method: app-store }\n"
                + "lanes: { a: { steps: [{ sh: make }] } }\n"),
        Example(
            name: "an unknown export method",
            text: header
                + "configurations:\n  beta: { certificate: c, provisioning_profile: p, build_configuration: Release, app_identifier: a.b, export_method: appstore }\n"
                + "lanes: { a: { steps: [{ sh: make }] } }\n"),
        Example(name: "a duration that is not one", text: lane("      - { sh: make, timeout: soon }\n")),
        Example(name: "a flag that is not one", text: lane("      - { sh: make, always: maybe }\n")),
        Example(name: "a list where a script goes", text: lane("      - sh: [a, b]\n")),
        Example(name: "shards out of range", text: lane("      - test: { shards: 40 }\n")),
        Example(name: "lanes as a list", text: header + "lanes:\n  - sh: make\n"),
        Example(
            name: "an unknown notification event",
            text: lane("      - sh: make\n") + "    notify: [{ to: slack, webhook: \"${HOOK}\", on: [crash] }]\n"),
        Example(name: "version 2", text: "version: 2\n" + lane("      - sh: make\n")),
        Example(name: "no lanes", text: header),
    ]
}
