import Foundation
@testable import NightshiftCore
import NightshiftCron
@testable import NightshiftExport
@testable import NightshiftLanes
import NightshiftTestSupport
import Testing
import NightshiftLanesTestSupport

/// `export github-actions` and `export buildkite` (issue #29): goldens for the bundled lanes.yml,
/// every file valid against GitHub's and Buildkite's published schemas and every shell block
/// clean under shellcheck (both offline; each check skips, saying so, when its tool is absent),
/// and the promises of the export checked on the plan: every secret declared, every lock a
/// concurrency group, every schedule firing when `nightshift schedule` fires.
@Suite("GitHub Actions and Buildkite exports", .temporaryDirectory)
struct CIExportTests {
    private let github = GitHubWorkflowGenerator()
    private let buildkite = BuildkitePipelineGenerator()

    @Test("scripts/github-actions/ holds the workflow written for every bundled lane")
    func gitHubGoldens() throws {
        let export = try github.generate(BundledLanes.file)
        #expect(export.files.map(\.fileName) == ["nightshift-developer-release.yml", "nightshift-qa-release.yml", "nightshift-lint.yml"])
        #expect(export.warnings.isEmpty)
        for file in export.files {
            try RepositoryFiles.expectMatches(file.contents, file: Self.gitHubScripts.appendingPathComponent(file.fileName))
        }
    }

    @Test("a workflow uploads the test reports nightshift wrote, masked, never the raw tool output beside them (#38 §9)")
    func uploadsOnlyMaskedTestReports() throws {
        for file in try gitHubFiles() {
            let paths = file.contents.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!paths.contains { $0.hasSuffix("/output/tests/") || $0.hasSuffix("/output/tests/**") }, "\(file.fileName)")
        }
        let nightly = try #require(try gitHubFiles().first { $0.fileName.hasSuffix("nightshift-developer-release.yml") })
        #expect(nightly.contents.contains("-*/output/tests/*.junit.xml\n"))
    }

    @Test("scripts/buildkite/pipeline.yml is the pipeline written for the bundled lanes")
    func buildkiteGolden() throws {
        let export = try buildkite.generate(BundledLanes.file)
        #expect(export.files.map(\.fileName) == ["pipeline.yml"])
        try RepositoryFiles.expectMatches(export.files[0].contents, file: Self.buildkiteScripts.appendingPathComponent("pipeline.yml"))
    }

    @Test(
        "every generated workflow and pipeline validates against the engine's published schema",
        .enabled(if: Self.checker != nil, "check-jsonschema is not installed (scripts/install-deps)"))
    func schemas() async throws {
        let checker = try #require(Self.checker)
        let folder = try TemporaryDirectory.make("schemas")
        let workflows = try ExportWriter().write(try gitHubFiles(), into: folder + "/github")
        let pipelines = try ExportWriter().write(try buildkiteFiles(), into: folder + "/buildkite")
        for (schema, files) in [("vendor.github-workflows", workflows), ("vendor.buildkite", pipelines)] {
            let result = try await RepositoryFiles.run(checker, ["--builtin-schema", schema] + files)
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
    }

    @Test(
        "every run: and command: block passes shellcheck",
        .enabled(
            if: Self.checker != nil && RepositoryFiles.executable(named: "shellcheck") != nil,
            "shellcheck or the venv's YAML reader is not installed (scripts/install-deps)"))
    func shellBlocks() async throws {
        let folder = try TemporaryDirectory.make("shell")
        let workflows = try ExportWriter().write(try gitHubFiles(), into: folder + "/github")
        let pipelines = try ExportWriter().write(try buildkiteFiles(), into: folder + "/buildkite")
        let scripts =
            try await Self.extractShell(workflows, key: "run", into: folder + "/run")
            + (try await Self.extractShell(pipelines, key: "command", into: folder + "/command", unescapingDollars: true))
        // Every workflow installs nightshift and runs its lane; most also check their secrets first.
        #expect(scripts.count >= workflows.count * 2 + 3)
        let shellcheck = try #require(RepositoryFiles.executable(named: "shellcheck"))
        let result = try await RepositoryFiles.run(shellcheck, ["--shell=sh", "--severity=style"] + scripts)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("every secret a lane needs is taken from GitHub's secrets, every setting from its variables, all checked first")
    func secretsDeclared() throws {
        for file in [try BundledLanes.file, CIExportLanes.file] {
            let plans = try ExportLanePlan.plans(for: [], in: file, lanesFilePath: "lanes.yml")
            let files = try github.generate(file).files
            for (plan, workflow) in zip(plans, files) {
                for secret in plan.secrets { #expect(workflow.contents.contains("\(secret.name): ${{ secrets.\(secret.name) }}")) }
                for setting in plan.settings { #expect(workflow.contents.contains("\(setting.name): ${{ vars.\(setting.name) }}")) }
                for variable in plan.secrets + plan.settings {
                    let checked =
                        variable.alternatives.isEmpty
                        ? "for name in (.* )?\(variable.name)[ ;]|printenv \(variable.name)\\)\" \\] \\|\\| missing"
                        : "\(variable.candidates.joined(separator: "/"))\"\n"
                    #expect(workflow.contents.range(of: checked, options: .regularExpression) != nil, "\(variable.name)")
                }
                #expect(!workflow.contents.contains("${{ secrets.") || !plan.secrets.isEmpty || plan.options.contains(where: \.isSecret))
            }
            let pipeline = try buildkite.generate(file).files[0].contents
            for plan in plans where !plan.secrets.isEmpty {
                for secret in plan.secrets { #expect(pipeline.contains("    - \(secret.name)\n")) }
            }
        }
    }

    @Test("lanes that share a lock, directly or through another lane, share one concurrency group; others do not")
    func locksAreGroups() throws {
        let plans = try ExportLanePlan.plans(for: [], in: CIExportLanes.file, lanesFilePath: "lanes.yml")
        let groups = LockGroups(plans)
        let byLane = Dictionary(uniqueKeysWithValues: plans.map { ($0.name, groups.group(of: $0)) })
        #expect(byLane["release"] == ["altool", "simulator"])
        #expect(byLane["screenshots"] == ["altool", "simulator"])
        #expect(byLane["beta"] == ["altool", "simulator"])
        #expect(byLane["docs"] == ["pages"])
        #expect(byLane["nightly"] == [])
        for plan in plans {
            for lock in plan.locks { #expect(groups.group(of: plan).contains(lock)) }
        }
        let workflows = try github.generate(CIExportLanes.file).files
        let concurrency = workflows.map {
            $0.contents.components(separatedBy: "group: nightshift-locks-").dropFirst().first?.prefix { $0 != "\n" }
        }
        #expect(concurrency.compactMap { $0.map(String.init) } == ["altool+simulator", "altool+simulator", "altool+simulator", "pages"])
        let pipeline = try buildkite.generate(CIExportLanes.file).files[0].contents
        #expect(
            pipeline.components(separatedBy: "concurrency_group: 'nightshift/${BUILDKITE_PIPELINE_SLUG}/locks/altool+simulator'").count == 4
        )
        // Exporting one lane alone keeps the group the file gives it.
        #expect(
            try github.generate(CIExportLanes.file, lanes: ["beta"]).files[0].contents.contains("group: nightshift-locks-altool+simulator"))
    }

    @Test("each exported cron line fires, in its zone, exactly when nightshift fires the lane's schedule")
    func schedulesRoundTrip() throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for file in [try BundledLanes.file, CIExportLanes.file] {
            for plan in try ExportLanePlan.plans(for: [], in: file, lanesFilePath: "lanes.yml") {
                guard let exported = PosixSchedule(plan), let schedule = plan.schedule, schedule.trigger == .always else { continue }
                guard !exported.warnings.contains(where: { $0.contains("day of month") }) else { continue }
                let zone = exported.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
                let original = try CronSpec(schedule.cron, seed: plan.hashSeed)
                var posix = Set<Date>()
                for line in exported.lines {
                    // Through the parser `nightshift cron` uses: no H left to hash, so no seed.
                    let spec = try CronSpec("TZ=\(zone.identifier)\n\(line.cron)", seed: nil)
                    #expect(!line.cron.contains("H") && !line.cron.contains("@"))
                    posix.formUnion(spec.firings(atOrAfter: start, count: 400, defaultTimeZone: zone))
                }
                let expected = original.firings(atOrAfter: start, count: 400, defaultTimeZone: zone)
                #expect(Array(posix.sorted().prefix(expected.count)) == expected, "lane \(plan.name)")
            }
        }
    }

    @Test("a schedule's H, aliases, zone, DST and when: changed are said where they are written")
    func scheduleNotes() throws {
        let workflows = try github.generate(CIExportLanes.file).files
        let release = try #require(workflows.first { $0.fileName == "nightshift-release.yml" }).contents
        #expect(release.contains("timezone: Europe/Berlin"))
        #expect(release.contains("Europe/Berlin moves its clocks"))
        #expect(release.contains("hashed from 'release'"))
        let nightly = try #require(workflows.first { $0.fileName == "nightshift-nightly.yml" }).contents
        #expect(nightly.contains("No timezone: GitHub reads these in UTC"))
        let export = try github.generate(CIExportLanes.file)
        #expect(export.warnings.map(\.message).contains { $0.contains("lane 'docs'") && $0.contains("when: changed") })
        #expect(
            export.warnings.map(\.message).contains { $0.contains("lane 'screenshots'") && $0.contains("POSIX cron fires when either") })
    }

    @Test("runs-on and the queue come from the lane's github: and buildkite: blocks; bad values are located errors")
    func runnerBlocks() throws {
        let file = try LanesFileLoader().parse(
            text:
                "lanes:\n  a:\n    github: { runs_on: [self-hosted, macOS, xcode-16] }\n    buildkite: { queue: macos-arm }\n    steps: [{ sh: make }]\n",
            path: "l.yml")
        #expect(try github.generate(file).files[0].contents.contains("runs-on:\n      - self-hosted\n      - macOS\n      - xcode-16\n"))
        #expect(try buildkite.generate(file).files[0].contents.contains("    agents:\n      queue: macos-arm\n"))
        let bad: [(String, String)] = [
            ("github: { runs_on: [] }", "3:24 lane 'a'.github.runs_on must name at least one runner label"),
            ("github: { runs_on: [macOS, 'a,b'] }", "3:32 runner label 'a,b' must not contain ','"),
            ("github: { runs_on: { a: b } }", "3:24 lane 'a'.github.runs_on must be a list of strings"),
            ("github: { runs-on: macOS }", "3:15 unknown key 'runs-on' in lane 'a'.github"),
            ("github: { setup: ' ' }", "3:22 lane 'a'.github.setup must be a shell command"),
            ("buildkite: { queue: 'mac os' }", "3:25 lane 'a'.buildkite.queue 'mac os' may hold only"),
            ("buildkite: { queue: [a] }", "3:25 lane 'a'.buildkite.queue must be a string"),
            ("buildkite: macos", "3:16 lane 'a'.buildkite must be a mapping"),
        ]
        for (block, expected) in bad {
            let text = "lanes:\n  a:\n    \(block)\n    steps: [{ sh: make }]\n"
            var found: [String] = []
            do {
                _ = try LanesFileLoader().parse(text: text, path: "l.yml")
            } catch {
                found = error.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
            }
            #expect(found.first?.hasPrefix(expected) == true, "\(block): \(found)")
        }
    }

    @Test("an option YAML would read as a boolean (on, no, y) is a quoted input and variable name")
    func yamlWordOptions() throws {
        var lane = Lane(name: "a", steps: [Step(.sh("make"))])
        lane.options = [LaneOption(name: "on", kind: .bool, defaultValue: "true"), LaneOption(name: "plain")]
        let file = LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: [lane])
        let text = try github.generate(file).files[0].contents
        #expect(text.contains("    inputs:\n      'on':\n        type: boolean\n        default: true\n      plain:\n"))
        #expect(text.contains("          'on': ${{ inputs.on }}\n          plain: ${{ inputs.plain }}\n"))
    }

    static let gitHubScripts = RepositoryFiles.root.appendingPathComponent("scripts/github-actions")
    static let buildkiteScripts = RepositoryFiles.root.appendingPathComponent("scripts/buildkite")

    /// check-jsonschema, on PATH or in the venv scripts/install-deps makes.
    /// The project's own check-jsonschema (scripts/install-deps), never one found on PATH: the
    /// tests that use it also read YAML with that venv's python, which a global one lacks.
    static let checker: String? = BuildToolsVenv.executable("check-jsonschema")

    private func gitHubFiles() throws -> [ExportedFile] {
        try github.generate(BundledLanes.file).files + github.generate(CIExportLanes.file).files
            + github.generate(try GitHubInstallTests.file).files
    }

    private func buildkiteFiles() throws -> [ExportedFile] {
        [
            try buildkite.generate(BundledLanes.file).files[0],
            ExportedFile(fileName: "tricky.yml", contents: try buildkite.generate(CIExportLanes.file).files[0].contents),
        ]
    }

    /// Each `key:` shell block of the YAML files, one file each, read with the venv's YAML reader
    /// (check-jsonschema's own ruamel.yaml), so the text is what the engine hands its shell.
    /// Buildkite reads `$$` as `$` when the pipeline is uploaded.
    static func extractShell(_ files: [String], key: String, into folder: String, unescapingDollars: Bool = false) async throws -> [String]
    {
        let python = RepositoryFiles.root.appendingPathComponent(".build-tools/venv/bin/python").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = """
            import sys, ruamel.yaml
            key, folder, unescape = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
            count = 0
            def walk(node):
                global count
                if isinstance(node, dict):
                    for k, v in node.items():
                        if k == key and isinstance(v, str):
                            count += 1
                            text = v.replace("$$", "$") if unescape else v
                            open(f"{folder}/{count}.sh", "w").write(text)
                        else:
                            walk(v)
                elif isinstance(node, list):
                    for item in node:
                        walk(item)
            for path in sys.argv[4:]:
                walk(ruamel.yaml.YAML(typ="safe").load(open(path)))
            print(count)
            """
        let result = try await RepositoryFiles.run(python, ["-c", script, key, folder, unescapingDollars ? "1" : "0"] + files)
        #expect(result.status == 0, "\(result.output)")
        let count = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return (0..<count).map { "\(folder)/\($0 + 1).sh" }
    }
}

/// Lanes that exercise what the bundled file does not: locks shared through a third lane, zones,
/// a day-of-month with a day-of-week, polling, a secret option, quotes to escape.
enum CIExportLanes {
    static var file: LanesFile {
        var release = Lane(
            name: "release", description: "It's the release: \"quoted\" # not a comment",
            schedule: Schedule(cron: "H 2 * * 1-5\n@weekly", timeZone: "Europe/Berlin"), timeout: .seconds(5400),
            steps: [Step(.sh("deploy ${DEPLOY_TOKEN} ${TARGET}"))])
        release.locks = ["altool"]
        release.github = GitHubSettings(runsOn: ["self-hosted", "macOS", "xcode 16"], setup: "brew install 'sth/local/nightshift'")
        release.buildkite = BuildkiteSettings(queue: "macos", setup: "brew install \"$USER/local/nightshift\"")
        release.options = [
            LaneOption(name: "version", pattern: #"^\d+'s$"#, isRequired: true, description: "it's the version"),
            LaneOption(name: "build", kind: .int, defaultValue: "${BUILD_NUMBER:-1}"),
            LaneOption(name: "notify", kind: .bool, defaultValue: "true"),
            LaneOption(name: "track", kind: .choice(["internal", "external"]), defaultValue: "external"),
            LaneOption(name: "token", isSecret: true),
        ]
        release.schedule?.options = ["version": "1's", "track": "internal"]
        var shots = Step(.sh("make shots"))
        shots.options.locks = ["Simulator", "ALTOOL"]
        let screenshots = Lane(name: "screenshots", schedule: Schedule(cron: "0 4 1-7 * 1"), steps: [shots])
        var beta = Lane(name: "beta", steps: [Step(.sh("make beta"))])
        beta.locks = ["simulator"]
        var docs = Lane(name: "docs", schedule: Schedule(cron: "H/15 * * * *", trigger: .changed), steps: [Step(.sh("make docs"))])
        docs.locks = ["pages"]
        let nightly = Lane(name: "nightly", schedule: Schedule(cron: "H H(0-3) * * *"), steps: [Step(.sh("make nightly"))])
        return LanesFile(
            path: "lanes.yml", project: Project(name: "App"), secrets: ["DEPLOY_TOKEN"], lanes: [release, screenshots, beta, docs, nightly])
    }
}
