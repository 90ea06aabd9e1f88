import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
@testable import NightshiftLanes
import NightshiftTestSupport
import Testing
import NightshiftLanesTestSupport

/// What an adversarial review of `export github-actions` broke (issue #29): values pasted into
/// the YAML unescaped, the runner's own variables blanked, stand-ins never mapped, multi-line
/// `setup:`, lane names the runner or upload-artifact cannot take, templated defaults, a schedule
/// of only comments. Each workflow is read back with the YAML reader check-jsonschema uses and
/// validated against GitHub's schema.
@Suite(
    "GitHub Actions export: values the review broke", .temporaryDirectory,
    .enabled(if: CIExportTests.checker != nil, "check-jsonschema is not installed (scripts/install-deps)"))
struct GitHubWorkflowReviewTests {
    private let github = GitHubWorkflowGenerator()

    @Test("a schedule's option values are quoted YAML and GitHub string literals; one with a line break is left out with a warning")
    func scheduledValues() async throws {
        let export = try await export(
            """
            lanes:
              nightly:
                options:
                  notes: { type: string, default: "" }
                  build: { type: string }
                  who: { type: string }
                  text: { type: string }
                schedule: { cron: "H 2 * * *", options: { notes: "Nightly build: QA", build: "nightly #1", who: "it's", text: "p\\nq" } }
                steps: [{ sh: 'echo "$notes"' }]
            """)
        let env = try await step(export.files[0], named: "Run lane nightly")["env"] as? [String: String]
        #expect(env?["notes"] == "${{ github.event_name == 'schedule' && 'Nightly build: QA' || inputs.notes }}")
        #expect(env?["build"] == "${{ github.event_name == 'schedule' && 'nightly #1' || inputs.build }}")
        #expect(env?["who"] == "${{ github.event_name == 'schedule' && 'it''s' || inputs.who }}")
        #expect(env?["text"] == "${{ inputs.text }}")
        #expect(export.warnings.map(\.message).contains { $0.contains("'text'") && $0.contains("line break") })
    }

    @Test("the shell's and runner's own variables are neither mapped nor checked; a GITHUB_ name GitHub does not set is a warning")
    func runnerVariables() async throws {
        let export = try await export(
            """
            lanes:
              b:
                env: { OUT: "${HOME}/out", SHA: "${GITHUB_SHA}", MINE: "${GITHUB_MINE}" }
                steps: [{ sh: 'echo "${USER}" "${TMPDIR}" "${CI}" "${RUNNER_TEMP}" "${LANG}" "${LC_CTYPE}" "${APP_ID}"' }]
            """)
        let text = export.files[0].contents
        for name in ["HOME", "USER", "TMPDIR", "CI", "RUNNER_TEMP", "LANG", "LC_CTYPE", "GITHUB_SHA", "GITHUB_MINE"] {
            #expect(!text.contains("\(name): ${{"), "\(name)")
            #expect(!text.contains(" \(name) ") && !text.contains(" \(name);"), "\(name) checked")
        }
        #expect(text.contains("APP_ID: ${{ vars.APP_ID }}"))
        #expect(
            export.warnings.map(\.message) == [
                "lane 'b' needs GITHUB_MINE, which GitHub does not set and refuses as a secret or variable name (GITHUB_ is its own); rename it"
            ])
    }

    @Test("every variable of ${A:-${B}} is mapped, by the same secret-or-setting rule, and listed in the header")
    func alternatives() async throws {
        let export = try await export(
            """
            lanes:
              rel:
                env: { K: "${KEY_TOKEN:-${CERT_DIR:-${HOME}}}", W: "${WHERE:-${OTHER_PASSWORD}}" }
                steps: [{ sh: 'echo "$K $W"' }]
            """)
        let text = export.files[0].contents
        #expect(text.contains("      CERT_DIR: ${{ vars.CERT_DIR }}\n"))
        #expect(text.contains("      OTHER_PASSWORD: ${{ secrets.OTHER_PASSWORD }}\n"))
        #expect(text.contains("      WHERE: ${{ vars.WHERE }}\n"))
        #expect(text.contains("Repository secrets it reads (Settings, Secrets and variables, Actions): KEY_TOKEN, OTHER_PASSWORD."))
        #expect(text.contains("Repository variables it reads: CERT_DIR, WHERE."))
        // KEY_TOKEN can fall back on HOME, which the runner sets: nothing to check.
        #expect(!text.contains("KEY_TOKEN/"))
        // The bundled qa-release lane's key file stands in for its key.
        let qa = try github.generate(BundledLanes.file, lanes: ["qa-release"]).files[0].contents
        #expect(qa.contains("APP_STORE_CONNECT_API_KEY_KEY_FILEPATH: ${{ vars.APP_STORE_CONNECT_API_KEY_KEY_FILEPATH }}"))
    }

    @Test("a multi-line setup, or one starting with blanks, keeps every line in the run block")
    func setupBlocks() async throws {
        let setups = ["  brew install nightshift", "brew update\nbrew install nightshift\n", "\nbrew install nightshift # from tap"]
        for setup in setups {
            let quoted = "\"" + setup.replacingOccurrences(of: "\n", with: "\\n") + "\""
            let export = try await export("lanes:\n  a:\n    github: { setup: \(quoted) }\n    steps: [{ sh: echo a }]\n")
            let run = try await step(export.files[0], named: "Install nightshift")["run"] as? String
            #expect(run == (setup.hasSuffix("\n") ? setup : setup + "\n"), "\(setup)")
        }
    }

    @Test("lane names: a leading - comes after --, artifact names and report paths lose what upload-artifact refuses, ${{ is refused")
    func laneNames() async throws {
        let export = try await export(
            "lanes:\n  -on:\n    steps: [{ sh: echo }]\n  'a:b*c':\n    steps: [{ sh: echo }]\n  '<<':\n    steps: [{ sh: echo }]\n")
        let dash = try await step(export.files[0], named: "Run lane -on")["run"] as? String
        #expect(
            dash
                == "nightshift run --junit reports/-on.xml --json reports/-on.json -- -on\n".replacingOccurrences(
                    of: "nightshift", with: ".build/release/nightshift"))
        let upload = try await step(export.files[1], named: "Upload reports and logs")["with"] as? [String: String]
        #expect(upload?["name"] == "nightshift-a_b_c-b${{ github.run_number }}.${{ github.run_attempt }}")
        #expect(upload?["path"] == "reports/a_b_c.xml\nreports/a_b_c.json\n")
        #expect(export.warnings.contains { $0.message.hasPrefix("lane 'a:b*c': the workflow uploads its reports but not its step logs") })
        let merge = try await load(export.files[2])
        #expect((merge["jobs"] as? [String: [String: Any]])?["lane"]?["name"] as? String == "<<")
        #expect(throws: ExportError.self) {
            _ = try github.generate(LanesFileLoader().parse(text: "lanes:\n  'a${{x}}':\n    steps: [{ sh: echo }]\n", path: "lanes.yml"))
        }
        #expect(
            ExportRunCommand.runLine(executable: "nightshift", lane: "lint", lanesFilePath: "lanes.yml")
                == "nightshift run lint --junit reports/lint.xml")
    }

    @Test("a boolean or choice option with a templated default is a string input, empty so nightshift decides; $$ is $")
    func templatedDefaults() async throws {
        let export = try await export(
            """
            lanes:
              d:
                options:
                  notify: { type: bool, default: "${NOTIFY:-true}" }
                  track: { type: choice, values: [a, b], default: "${TRACK:-a}" }
                  price: { type: string, default: "5$$" }
                steps: [{ sh: 'echo "$notify $track $price"' }]
            """)
        let on = try await load(export.files[0])["on"] as? [String: Any]
        let inputs = (on?["workflow_dispatch"] as? [String: Any])?["inputs"] as? [String: [String: Any]]
        #expect(inputs?["notify"]?["type"] as? String == "string")
        #expect(inputs?["notify"]?["default"] == nil)
        #expect(inputs?["notify"]?["description"] as? String == "true or false; empty for ${NOTIFY:-true}")
        #expect(inputs?["track"]?["type"] as? String == "string")
        #expect(inputs?["track"]?["description"] as? String == "one of a, b; empty for ${TRACK:-a}")
        #expect(inputs?["price"]?["default"] as? String == "5$")
    }

    @Test("a schedule of only comments writes no schedule: key")
    func commentOnlySchedule() async throws {
        let export = try await export("lanes:\n  c:\n    schedule: \"# paused for the holidays\"\n    steps: [{ sh: echo }]\n")
        let on = try await load(export.files[0])["on"] as? [String: Any]
        #expect(on?.keys.sorted() == ["workflow_dispatch"])
    }

    @Test("more than 25 inputs, or a schedule more often than every 5 minutes, is a warning: GitHub refuses or thins them")
    func gitHubLimits() async throws {
        let options = (1...26).map { "      o\($0): { type: string }" }.joined(separator: "\n")
        let many = try github.generate(
            LanesFileLoader().parse(text: "lanes:\n  m:\n    options:\n\(options)\n    steps: [{ sh: echo }]\n", path: "l.yml"))
        #expect(
            many.warnings.map(\.message) == ["lane 'm' has 26 options, and GitHub refuses a workflow_dispatch with more than 25 inputs"])
        for (cron, warns) in [("*/2 * * * *", true), ("58,1 * * * *", true), ("*/5 * * * *", false), ("0 3 * * *", false)] {
            let export = try github.generate(
                LanesFileLoader().parse(text: "lanes:\n  s:\n    schedule: '\(cron)'\n    steps: [{ sh: echo }]\n", path: "l.yml"))
            #expect(export.warnings.contains { $0.message.contains("at most every 5 minutes") } == warns, "\(cron)")
        }
    }

    // MARK: - Helpers

    /// The export of `text`, every file valid against GitHub's workflow schema.
    private func export(_ text: String) async throws -> Export {
        let export = try github.generate(LanesFileLoader().parse(text: text, path: "lanes.yml"))
        let checker = try #require(CIExportTests.checker)
        let folder = try TemporaryDirectory.make("review")
        let files = try ExportWriter().write(export.files, into: folder)
        let result = try await RepositoryFiles.run(checker, ["--builtin-schema", "vendor.github-workflows"] + files)
        #expect(result.status == 0, "\(result.output)")
        return export
    }

    /// The workflow as GitHub's YAML reader sees it (check-jsonschema's ruamel.yaml, as JSON).
    private func load(_ file: ExportedFile) async throws -> [String: Any] {
        let folder = try TemporaryDirectory.make("load")
        let path = try ExportWriter().write([file], into: folder)[0]
        let python = RepositoryFiles.root.appendingPathComponent(".build-tools/venv/bin/python").path
        let script = "import sys, json, ruamel.yaml\nprint(json.dumps(ruamel.yaml.YAML(typ='safe').load(open(sys.argv[1]))))"
        let result = try await RepositoryFiles.run(python, ["-c", script, path])
        #expect(result.status == 0, "\(result.output)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return try #require(object as? [String: Any])
    }

    private func step(_ file: ExportedFile, named name: String) async throws -> [String: Any] {
        let jobs = try await load(file)["jobs"] as? [String: [String: Any]]
        let steps = try #require(jobs?["lane"]?["steps"] as? [[String: Any]])
        return try #require(steps.first { $0["name"] as? String == name }, "no step \(name)")
    }
}
