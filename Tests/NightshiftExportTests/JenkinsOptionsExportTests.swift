import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
@testable import NightshiftLanes
import Testing

/// Issue #26, items 6 and 11: secret options reach the job's nightshift through its environment,
/// never a command line or the Jenkinsfile; a schedule's options go into `parameterizedCron`.
@Suite("export jenkins: secret options and a schedule's options")
struct JenkinsOptionsExportTests {
    private func export(_ text: String, single: Bool = false) throws -> Export {
        let file = try LanesFileLoader().parse(text: text, path: "lanes.yml")
        return try JenkinsfileGenerator().generate(file, options: JenkinsExportOptions(layout: single ? .single : .filePerLane))
    }

    static let secretLanes = """
        lanes:
          deploy:
            options:
              token: { secret: true, default: "dflt-s3cret-value" }
              deploy_password: {}
              version: { default: "1.0" }
            steps: [{ sh: make }]
        """

    @Test("a secret option is a password parameter named NIGHTSHIFT_OPTION_NAME, empty, and never on nightshift's command line")
    func secretOptionThroughEnvironment() throws {
        let text = try #require(try export(Self.secretLanes).files.first).contents
        #expect(!text.contains("dflt-s3cret-value"))
        #expect(
            text.contains(
                "password(name: 'NIGHTSHIFT_OPTION_TOKEN', defaultValue: '', description: 'option token, secret; empty for the lane\\'s default')"
            ), "\(text)")
        #expect(text.contains("password(name: 'NIGHTSHIFT_OPTION_DEPLOY_PASSWORD', defaultValue: ''"), "\(text)")
        #expect(text.contains("string(name: 'version', defaultValue: '1.0'"))
        let run = try #require(text.split(separator: "\n").first { $0.contains(" run deploy ") })
        #expect(run.contains("${version:+\"version=$version\"}"))
        #expect(!run.contains("token") && !run.contains("deploy_password") && !run.contains("NIGHTSHIFT_OPTION"), "\(run)")
    }

    @Test("a schedule's options become parameterizedCron lines that parse back to the same spec and values")
    func scheduleOptionsRoundTrip() throws {
        let text = """
            lanes:
              weekly:
                options:
                  version: { required: true }
                  track: { type: choice, values: [internal, external], default: internal }
                  notify: { type: bool, default: true }
                schedule:
                  cron: "# weekly\\nH 6 * * 1\\n@midnight"
                  timezone: Europe/Berlin
                  options: { version: "1.0.0=rc", track: external, notify: false }
                steps: [{ sh: make }]
            """
        let export = try export(text)
        #expect(export.warnings.isEmpty, "\(export.warnings)")
        let contents = try #require(export.files.first).contents
        #expect(contents.contains("    triggers {\n        \(JenkinsScheduledOptions.pluginComment)\n        parameterizedCron('"))
        let spec = try #require(Self.argument(of: "parameterizedCron", in: contents))
        let parsed = try Self.parseLikeThePlugin(spec)
        #expect(parsed.timeZone == "Europe/Berlin")
        let lanes = try LanesFileLoader().parse(text: text, path: "lanes.yml")
        let schedule = try #require(lanes.lane(named: "weekly")?.schedule)
        // The same lines as the cron() nightshift writes without options.
        var plain = schedule
        plain.options = [:]
        let plainSpec = try #require(Self.argument(of: "cron", in: JenkinsLanePlan.trigger(plain, options: [])))
        #expect(parsed.lines.map(\.cron) == (try Self.parseLikeThePlugin(plainSpec)).lines.map(\.cron))
        #expect(parsed.lines.count == 2)
        for line in parsed.lines { #expect(line.parameters == schedule.options) }
    }

    @Test(
        "a value parameterizedCron cannot carry is left out with a warning at it; a secret one is never written",
        arguments: [
            ("a;b", "the plugin splits values at ';'"), (" padded", "the plugin trims the blanks around a value"),
            ("", "the plugin refuses an empty value"),
        ])
    func unwritableValue(_ value: String, _ problem: String) throws {
        let text = """
            lanes:
              weekly:
                options: { label: {}, api_token: {}, version: {} }
                schedule: { cron: "H 6 * * 1", options: { label: "\(value)", api_token: "tok-123456", version: "2" } }
                steps: [{ sh: make }]
            """
        let export = try export(text)
        let contents = try #require(export.files.first).contents
        #expect(contents.contains("parameterizedCron('H 6 * * 1 % version=2')"), "\(contents)")
        #expect(!contents.contains("tok-123456"))
        let messages = export.warnings.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(
            messages.contains(
                "4:47 schedule option 'label' of lane 'weekly' is left out of parameterizedCron(): \(problem); the scheduled build runs without it"
            ), "\(messages)")
        #expect(messages.contains { $0.contains("'api_token'") && $0.contains("it is secret") }, "\(messages)")
    }

    @Test("a polled schedule's options cannot be passed: a warning says so; a schedule without options keeps cron()")
    func pollingAndPlain() throws {
        let polled = try export(
            "lanes:\n  p:\n    options: { v: {} }\n    schedule: { cron: 'H * * * *', when: changed, options: { v: x } }\n    steps: [{ sh: make }]\n"
        )
        #expect(polled.warnings.contains { $0.message.contains("pollSCM() cannot pass its schedule's options") })
        #expect(polled.files[0].contents.contains("pollSCM('H * * * *')"))
        let plain = try export("lanes:\n  p:\n    schedule: 'H 6 * * 1'\n    steps: [{ sh: make }]\n")
        #expect(plain.files[0].contents.contains("        cron('H 6 * * 1')\n"))
        #expect(!plain.files[0].contents.contains("parameterizedCron"))
    }

    /// The text of `function('…')`'s single-quoted Groovy argument, unescaped.
    static func argument(of function: String, in text: String) -> String? {
        guard let start = text.range(of: function + "('") else { return nil }
        var result = ""
        var index = start.upperBound
        while index < text.endIndex {
            let character = text[index]
            if character == "'" { return result }
            if character == "\\" {
                index = text.index(after: index)
                switch text[index] {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                default: result.append(text[index])
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        return nil
    }

    struct ParsedLine: Equatable {
        var cron: String
        var parameters: [String: String]
    }

    struct PluginParseError: Error {}

    /// The Parameterized Scheduler plugin's reading (`ParameterizedCronTabList.create`,
    /// `ParameterizedCronTab.create`, `ParameterParser.parse`): lines split at line breaks and
    /// trimmed, blank and `#` lines skipped, `TZ=` as the first line, the rest split at the
    /// first `%`, pairs at `;` and then at the first `=`, each part trimmed; an empty value or
    /// a repeated name is refused.
    static func parseLikeThePlugin(_ spec: String) throws -> (timeZone: String?, lines: [ParsedLine]) {
        var timeZone: String?
        var lines: [ParsedLine] = []
        var number = 0
        for raw in spec.components(separatedBy: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            number += 1
            if number == 1, line.hasPrefix("TZ=") {
                timeZone = String(line.dropFirst(3))
                continue
            }
            guard let percent = line.firstIndex(of: "%") else {
                lines.append(ParsedLine(cron: line, parameters: [:]))
                continue
            }
            var parameters: [String: String] = [:]
            var pairs = line[line.index(after: percent)...].trimmingCharacters(in: .whitespaces)
            if pairs.hasSuffix(";") { pairs.removeLast() }
            for pair in pairs.components(separatedBy: ";") {
                guard let equals = pair.firstIndex(of: "=") else { throw PluginParseError() }
                let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
                let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                guard !value.isEmpty, parameters[name] == nil else { throw PluginParseError() }
                parameters[name] = value
            }
            lines.append(ParsedLine(cron: line[..<percent].trimmingCharacters(in: .whitespaces), parameters: parameters))
        }
        return (timeZone, lines)
    }
}
