import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
@testable import NightshiftLanes
import NightshiftTestSupport
import Testing
import NightshiftLanesTestSupport

/// scripts/jenkins/ holds what `nightshift export jenkins` writes for the bundled lanes.yml and a
/// freestyle shell step for the same lanes: both must follow the generator and the lanes file.
@Suite("Jenkins goldens and Groovy validity", .temporaryDirectory)
struct JenkinsGoldenTests {
    private let generator = JenkinsfileGenerator()

    @Test("scripts/jenkins/Jenkinsfile.<lane> is what the generator writes for every bundled lane")
    func perLaneGoldens() throws {
        let export = try generator.generate(BundledLanes.file)
        #expect(export.files.map(\.fileName) == ["Jenkinsfile.developer-release", "Jenkinsfile.qa-release", "Jenkinsfile.lint"])
        #expect(export.warnings.isEmpty)
        for file in export.files {
            try RepositoryFiles.expectMatches(file.contents, file: RepositoryFiles.jenkinsScripts.appendingPathComponent(file.fileName))
        }
    }

    @Test("scripts/jenkins/Jenkinsfile.single is the --single export of every bundled lane")
    func singleGolden() throws {
        let export = try generator.generate(BundledLanes.file, options: JenkinsExportOptions(layout: .single))
        try RepositoryFiles.expectMatches(
            export.files[0].contents, file: RepositoryFiles.jenkinsScripts.appendingPathComponent("Jenkinsfile.single"))
    }

    @Test("the freestyle shell step checks and exports every variable developer-release needs, then runs it")
    func freestyleStepInSync() async throws {
        let script = try String(
            contentsOf: RepositoryFiles.jenkinsScripts.appendingPathComponent("freestyle-shell-step.sh"), encoding: .utf8)
        let requirements = try #require(LaneRequirements(lane: "developer-release", in: BundledLanes.file))
        let listed = script.split(separator: "\n").first { $0.hasPrefix("for name in ") }
            .map { $0.dropFirst("for name in ".count).split(separator: ";")[0].split(separator: " ").map(String.init) }
        #expect(listed == requirements.names)
        let policy = try BundledLanes.file.secretPolicy
        for secret in requirements.secrets(policy) {
            #expect(script.contains("'\(secret.name.lowercased().replacingOccurrences(of: "_", with: "-"))' → \(secret.name)"))
        }
        #expect(script.contains("\n.build/release/nightshift run developer-release --junit reports/developer-release.xml\n"))
        #expect(script.contains("\n[ -x .build/release/nightshift ] || swift build -c release --product nightshift\n"))
        let syntax = try await RepositoryFiles.run(
            "/bin/sh", ["-n", RepositoryFiles.jenkinsScripts.appendingPathComponent("freestyle-shell-step.sh").path])
        #expect(syntax.status == 0, "\(syntax.output)")
    }

    /// One `groovy` run checks both sets: a JVM start costs more than all the files together.
    @Test(
        "the DSL stub under groovy accepts every generated Jenkinsfile and rejects what Declarative does not allow",
        .enabled(if: RepositoryFiles.executable(named: "groovy") != nil, "groovy is not installed (scripts/install-deps)"))
    func groovyChecksGeneratedAndBrokenFiles() async throws {
        let groovy = try #require(RepositoryFiles.executable(named: "groovy"))
        let folder = URL(fileURLWithPath: try TemporaryDirectory.make("jenkins"))
        let valid = try ExportWriter().write(try generatedFiles(), into: folder.appendingPathComponent("valid").path)
        let broken = try ExportWriter().write(try brokenFiles(), into: folder.appendingPathComponent("broken").path)
        let checker = RepositoryFiles.jenkinsScripts.appendingPathComponent("check-jenkinsfile.groovy").path
        let result = try await RepositoryFiles.run(groovy, [checker] + valid + broken, environment: RepositoryFiles.fastJVM)
        let lines = Set(result.output.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
        #expect(result.status == 1, "\(result.output)")
        for path in valid { #expect(lines.contains("ok \(path)"), "\(result.output)") }
        for path in broken { #expect(lines.contains("FAIL \(path)"), "\(result.output)") }
    }

    /// What the generator writes for the bundled lanes and for tricky ones, per lane and single.
    private func generatedFiles() throws -> [ExportedFile] {
        var files = try generator.generate(BundledLanes.file).files
        files += try generator.generate(BundledLanes.file, options: JenkinsExportOptions(layout: .single)).files
        files += try generator.generate(TrickyLanes.file).files.map {
            ExportedFile(fileName: "tricky-\($0.fileName)", contents: $0.contents)
        }
        files += try generator.generate(TrickyLanes.file, options: JenkinsExportOptions(layout: .single)).files
            .map { ExportedFile(fileName: "tricky-single", contents: $0.contents) }
        return files
    }

    /// A valid file with one word or placement Declarative would reject.
    private func brokenFiles() throws -> [ExportedFile] {
        let valid = try generator.generate(BundledLanes.file, lanes: ["developer-release"]).files[0].contents
        let options = try generator.generate(TrickyLanes.file, lanes: ["inputs"]).files[0].contents
        let broken = [
            valid.replacingOccurrences(of: "disableConcurrentBuilds()", with: "disableConcurrentBuild()"),
            valid.replacingOccurrences(of: "    agent any\n", with: ""),
            valid.replacingOccurrences(of: "cron('H 0 * * 0-4')", with: "cron('H 0 * *')"),
            valid.replacingOccurrences(of: "sh '[", with: "stage('x') {}\nsh '["),
            valid.replacingOccurrences(of: "'reports/*.xml'", with: "'reports/*.xml"),
            options.replacingOccurrences(
                of: "booleanParam(name: 'notify', defaultValue: true", with: "booleanParam(name: 'notify', defaultValue: 'true'"),
            options.replacingOccurrences(of: "choices: ['external', 'internal']", with: "choices: []"),
            options.replacingOccurrences(of: "    parameters {", with: "    stages { }\n    parameters {"),
            options.replacingOccurrences(of: ";track=internal", with: ";track="),
        ]
        #expect(!broken.contains(valid) && !broken.contains(options))
        return broken.enumerated().map { ExportedFile(fileName: "broken-\($0.offset)", contents: $0.element) }
    }
}

/// Lanes that exercise escaping, zones, polling, credentials and custom settings.
enum TrickyLanes {
    static let file = LanesFile(
        path: "lanes.yml", project: Project(name: "App"), secrets: ["DEPLOY"],
        lanes: [
            Lane(
                name: "it's-\\odd", description: "Quotes ' and \\users\\u0041 in a description\nover two lines\rand a lone CR: pipeline {}",
                schedule: Schedule(cron: "TZ=Europe/Berlin\n# comment's\nH 2 * * 1-5\n@midnight\n", trigger: .changed),
                timeout: .seconds(3601), steps: [Step(.sh("deploy ${DEPLOY} ${API_TOKEN} ${TARGET}"))],
                jenkins: JenkinsSettings(
                    agent: "mac && 'xcode'", credentials: ["API_TOKEN": "api\\token's"], setup: "echo '$HOME' \\\\ \"x\"", timestamps: true)
            ),
            Lane(name: "plain", schedule: Schedule(cron: "H H * * *", timeZone: "America/New_York")),
            optionsLane,
        ])

    /// Every option type as a parameter, with quotes and a templated default to escape, and a
    /// schedule that sets some of them.
    static var optionsLane: Lane {
        var lane = Lane(name: "inputs", steps: [Step(.sh("echo ${version}"))])
        // A schedule with options: parameterizedCron(), its values escaped like any string.
        var schedule = Schedule(cron: "H 6 * * 1\n@weekly", timeZone: "Europe/Berlin")
        schedule.options = ["version": "1's", "track": "internal", "notify": "false"]
        lane.schedule = schedule
        lane.options = [
            LaneOption(name: "version", pattern: #"^\d+'s$"#, isRequired: true, description: "it's the version"),
            LaneOption(name: "build", kind: .int, defaultValue: "${BUILD_NUMBER:-1}"),
            LaneOption(name: "notify", kind: .bool, defaultValue: "true"),
            LaneOption(name: "track", kind: .choice(["internal", "external"]), defaultValue: "external"),
            LaneOption(name: "token", isSecret: true),
        ]
        return lane
    }
}
