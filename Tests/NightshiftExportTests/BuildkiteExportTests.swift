import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
@testable import NightshiftLanes
import NightshiftTestSupport
import Testing
import NightshiftLanesTestSupport

/// `export buildkite` against what Buildkite does with the file (issue #29's review): `LANE`
/// picks the step whatever started the build, the schedule's environment is one `KEY=value` per
/// line, a `setup:` of several lines or leading blanks stays valid YAML, lane names survive
/// Buildkite's interpolation at upload (or are refused), and concurrency groups stay in the pipeline.
@Suite("Buildkite export against Buildkite's rules", .temporaryDirectory)
struct BuildkiteExportTests {
    private let buildkite = BuildkitePipelineGenerator()

    @Test("LANE picks the step for every kind of build; a build without LANE runs only lanes harmless on every push")
    func laneSelectsTheStep() async throws {
        let pipeline = try buildkite.generate(BundledLanes.file).files[0].contents
        #expect(!pipeline.contains("build.source"))
        #expect(pipeline.contains("if: 'build.env(\"LANE\") == \"qa-release\"'\n"))
        #expect(pipeline.contains("if: 'build.env(\"LANE\") == \"developer-release\"'\n"))
        #expect(pipeline.contains("if: 'build.env(\"LANE\") == null || build.env(\"LANE\") == \"\" || build.env(\"LANE\") == \"lint\"'\n"))

        var required = Lane(name: "required", steps: [Step(.sh("make"))])
        required.options = [LaneOption(name: "version", isRequired: true)]
        let file = LanesFile(
            path: "lanes.yml", project: Project(name: "App"),
            lanes: [
                Lane(name: "plain", steps: [Step(.sh("make"))]), Lane(name: "archives", steps: [Step(.archive)]),
                Lane(name: "calls", steps: [Step(.lane("archives"))]), required,
            ])
        let steps = try await Self.steps(of: buildkite.generate(file).files[0].contents)
        let asked = steps.filter { !($0["if"] ?? "").contains("null") }.compactMap { $0["label"] }
        #expect(asked == ["archives", "calls", "required"])
        for step in steps {
            #expect(step["if"]?.hasSuffix("build.env(\"LANE\") == \"\(step["label"] ?? "")\"") == true, "\(step)")
        }
    }

    @Test("the schedule note gives LANE and each option a line of their own, and leaves out what a line cannot carry")
    func scheduleEnvironmentOneLineEach() async throws {
        let export = try buildkite.generate(CIExportLanes.file)
        let text = export.files[0].contents
        #expect(
            text.contains(
                "# Lane 'release' runs on a schedule: in Pipeline Settings, Schedules, add one per cron interval, `"))
        #expect(
            text.contains(
                "\n# with these Environment Variables, one per line as shown:\n#   LANE=release\n#   version=1's\n#   track=internal\n"))
        #expect(text.contains("#   LANE=nightly\n"))

        var lane = Lane(name: "notes", schedule: Schedule(cron: "0 4 * * *"), steps: [Step(.sh("make"))])
        lane.options = [LaneOption(name: "text"), LaneOption(name: "padded"), LaneOption(name: "plain")]
        lane.schedule?.options = ["text": "two\nlines", "padded": "x ", "plain": "a b"]
        let file = LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: [lane])
        let noted = try buildkite.generate(file)
        #expect(noted.files[0].contents.contains("#   LANE=notes\n#   plain=a b\n"))
        #expect(!noted.files[0].contents.contains("#   text="))
        #expect(!noted.files[0].contents.contains("#   padded="))
        let messages = noted.warnings.map(\.message)
        #expect(messages.contains { $0.contains("option 'text'") && $0.contains("line break") })
        #expect(messages.contains { $0.contains("option 'padded'") && $0.contains("blank") })
    }

    @Test("a schedule of comments only says there is no schedule to add")
    func commentOnlySchedule() async throws {
        let lane = Lane(name: "c", schedule: Schedule(cron: "# paused for the holidays"), steps: [Step(.sh("echo"))])
        let file = LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: [lane])
        let text = try buildkite.generate(file).files[0].contents
        #expect(text.contains("# Lane 'c' has a schedule of comments only, no cron line: there is no schedule to add in Buildkite.\n"))
        #expect(!text.contains("one schedule each"))
        #expect(!text.contains("LANE=c"))
    }

    @Test(
        "a setup: of several lines, or starting with blanks, is the command's first lines, in valid YAML",
        .enabled(if: CIExportTests.checker != nil, "check-jsonschema is not installed (scripts/install-deps)"))
    func multiLineSetup() async throws {
        let setups = [
            "  brew install nightshift", "brew update\nbrew install nightshift\n", "export P=\"$HOME/bin\"\n  cd \"$P\"", "echo '\u{1}'",
        ]
        let lanes = setups.enumerated().map { index, setup in
            var lane = Lane(name: "l\(index)", steps: [Step(.sh("make"))])
            lane.buildkite = BuildkiteSettings(setup: setup)
            return lane
        }
        let file = LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: lanes)
        let text = try buildkite.generate(file).files[0].contents
        try await Self.expectValid(text)
        let commands = try await Self.steps(of: text).map { $0["command"] ?? "" }
        let expected = setups.enumerated().map { index, setup in
            var lines = setup.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last == "" { lines.removeLast() }
            return (lines + ["nightshift run l\(index) --junit reports/l\(index).xml --json reports/l\(index).json"]).joined(
                separator: "\n") + "\n"
        }
        #expect(commands.map { $0.replacingOccurrences(of: "$$", with: "$") } == expected)
        var bad = Lane(name: "bad", steps: [Step(.sh("make"))])
        bad.buildkite = BuildkiteSettings(setup: #"echo \$HOME"#)
        #expect(throws: ExportError.self) {
            try buildkite.generate(LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: [bad]))
        }
    }

    @Test(
        "hostile lane names survive Buildkite's interpolation and the if: strings, or are refused with an export error",
        .enabled(if: CIExportTests.checker != nil, "check-jsonschema is not installed (scripts/install-deps)"))
    func hostileLaneNames() async throws {
        let names = ["q\"x", "d$x", "a}}b${X}", "s'q", "c:x", "star*{a,b}"]
        let file = LanesFile(
            path: "lanes.yml", project: Project(name: "App"), lanes: names.map { Lane(name: $0, steps: [Step(.sh("make"))]) })
        let text = try buildkite.generate(file).files[0].contents
        try await Self.expectValid(text)
        let steps = try await Self.steps(of: text)
        #expect(steps.count == names.count)
        for (name, step) in zip(names, steps) {
            #expect(Self.interpolated(step["label"] ?? "") == name)
            let literal = name.contains("\"") ? "'\(name)'" : "\"\(name)\""
            #expect(Self.interpolated(step["if"] ?? "").hasSuffix("build.env(\"LANE\") == \(literal)"), "\(step)")
            #expect(
                Self.interpolated(step["concurrency_group"] ?? "") == "nightshift/<pipeline>/lane/\(name)", "\(step)")
            let paths = (step["artifact_paths"] ?? "").split(separator: "\n").map { Self.interpolated(String($0)) }
            let report = try #require(paths.first)
            #expect(report.hasPrefix("reports/") && !report.contains("$") && !report.contains("{") && !report.contains("*"))
            // The report as the run line names it: artifact uploads refuse some characters there.
            #expect(Self.globMatches(report, ExportRunCommand.junitReport(name)), "\(report)")
        }
        for refused in ["back\\slash", "both'\"", "odd\\$x"] {
            let lanes = LanesFile(
                path: "lanes.yml", project: Project(name: "App"), lanes: [Lane(name: refused, steps: [Step(.sh("make"))])])
            #expect(throws: ExportError.self, "\(refused)") { try buildkite.generate(lanes) }
        }
        do {
            _ = try buildkite.generate(
                LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: [Lane(name: "back\\slash", steps: [Step(.sh("make"))])]))
        } catch {
            #expect(error.diagnostic.message.hasPrefix("lane 'back\\slash' cannot be exported to Buildkite: "))
        }
    }

    @Test("concurrency groups carry the pipeline's slug: Buildkite's groups span the organisation")
    func groupsStayInThePipeline() async throws {
        let text = try buildkite.generate(BundledLanes.file).files[0].contents
        #expect(text.contains("concurrency_group: 'nightshift/${BUILDKITE_PIPELINE_SLUG}/lane/lint'\n"))
        let tricky = try buildkite.generate(CIExportLanes.file).files[0].contents
        #expect(
            tricky.components(separatedBy: "concurrency_group: 'nightshift/${BUILDKITE_PIPELINE_SLUG}/locks/altool+simulator'").count == 4)
    }

    /// What Buildkite's interpolation makes of a string: `$$` a `$`, the two variables the file
    /// means to use filled in with placeholders; any other `$` fails the test.
    static func interpolated(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            rest = rest[dollar...]
            if rest.hasPrefix("$$") {
                result += "$"
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("${BUILDKITE_PIPELINE_SLUG}") {
                result += "<pipeline>"
                rest = rest.dropFirst("${BUILDKITE_PIPELINE_SLUG}".count)
            } else if rest.hasPrefix("$BUILDKITE_BUILD_NUMBER") {
                result += "<build>"
                rest = rest.dropFirst("$BUILDKITE_BUILD_NUMBER".count)
            } else {
                Issue.record("an interpolation in \(text)")
                return text
            }
        }
        return result + rest
    }

    /// `?` matches any one character; no other wildcard is expected.
    static func globMatches(_ pattern: String, _ path: String) -> Bool {
        pattern.count == path.count && zip(pattern, path).allSatisfy { $0 == "?" || $0 == $1 }
    }

    static func expectValid(_ text: String) async throws {
        let checker = try #require(CIExportTests.checker)
        let folder = try TemporaryDirectory.make("buildkite")
        let files = try ExportWriter().write([ExportedFile(fileName: "pipeline.yml", contents: text)], into: folder)
        let result = try await RepositoryFiles.run(checker, ["--builtin-schema", "vendor.buildkite"] + files)
        #expect(result.status == 0, "\(result.output)\n\(text)")
    }

    /// Each step's label, if, command, concurrency_group and artifact_paths (one a line), as the
    /// venv's YAML reader (check-jsonschema's own ruamel.yaml) reads them.
    static func steps(of text: String) async throws -> [[String: String]] {
        let python = RepositoryFiles.root.appendingPathComponent(".build-tools/venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return Self.roughSteps(of: text)
        }
        let folder = try TemporaryDirectory.make("steps")
        let path = folder + "/pipeline.yml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
            import sys, json, ruamel.yaml
            doc = ruamel.yaml.YAML(typ="safe").load(open(sys.argv[1]))
            out = []
            for step in doc["steps"]:
                out.append({k: ("\\n".join(v) if isinstance(v, list) else str(v)) for k, v in step.items()
                            if k in ("label", "if", "command", "concurrency_group", "artifact_paths")})
            print(json.dumps(out))
            """
        let result = try await RepositoryFiles.run(python, ["-c", script, path])
        #expect(result.status == 0, "\(result.output)")
        let data = Data(result.output.utf8)
        return (try JSONSerialization.jsonObject(with: data) as? [[String: String]]) ?? []
    }

    /// Without the venv: the label and if lines only, enough for the selection test.
    private static func roughSteps(of text: String) -> [[String: String]] {
        var steps: [[String: String]] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("  - label: ") { steps.append(["label": String(line.dropFirst(11))]) }
            if line.hasPrefix("    if: '"), !steps.isEmpty {
                steps[steps.count - 1]["if"] = String(line.dropFirst(9).dropLast()).replacingOccurrences(of: "''", with: "'")
            }
        }
        return steps
    }
}
