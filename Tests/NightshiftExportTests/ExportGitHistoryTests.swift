import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
import NightshiftTestSupport
import Testing

/// Lanes that read git's history (`build_number: { from: git }`, `notes: { from: git }`, or a
/// lane they call that does) get a whole checkout where the export controls it (GitHub's
/// actions/checkout), and a comment saying how where it does not (Jenkins' job, Buildkite's agent).
@Suite("Exports of lanes that read git's history", .temporaryDirectory)
struct ExportGitHistoryTests {
    static var file: LanesFile {
        let notes = UploadTarget(destinationName: "testflight", parameters: ["notes": .map(["from": "git"])])
        return LanesFile(
            path: "lanes.yml", project: Project(name: "App"),
            lanes: [
                Lane(name: "numbered", steps: [Step(.archive(ArchiveStepSettings(buildNumber: .git)))]),
                Lane(name: "noted", steps: [Step(.upload(notes))]),
                Lane(name: "caller", steps: [Step(.lane("numbered"))]),
                Lane(name: "counted", steps: [Step(.archive(ArchiveStepSettings(buildNumber: .environment(variable: "N"))))]),
                Lane(name: "plain", steps: [Step(.sh("make"))]),
            ])
    }

    static let readers = ["numbered", "noted", "caller"]

    @Test("GitHub: checkout fetches the whole history for those lanes only; every workflow still validates")
    func gitHub() async throws {
        let files = try GitHubWorkflowGenerator().generate(Self.file).files
        #expect(files.count == 5)
        for file in files {
            let reads = Self.readers.contains { file.fileName == "nightshift-\($0).yml" }
            let checkout = "      - uses: actions/checkout@v4\n"
            let whole =
                checkout
                + "        # The lane reads git's history (build_number or notes: { from: git }): a shallow checkout has too few commits for it;\n"
                + "        # checkout fetches one commit unless told otherwise.\n        with:\n          fetch-depth: 0\n"
            #expect(file.contents.contains(whole) == reads, "\(file.fileName)")
            #expect(file.contents.contains(checkout), "\(file.fileName)")
            #expect(file.contents.contains("fetch-depth") == reads, "\(file.fileName)")
        }
        guard let checker = CIExportTests.checker else { return }
        let written = try ExportWriter().write(files, into: try TemporaryDirectory.make("github"))
        let result = try await RepositoryFiles.run(checker, ["--builtin-schema", "vendor.github-workflows"] + written)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("Jenkins and Buildkite: a comment names the lane and where to turn shallow cloning off")
    func jenkinsAndBuildkite() throws {
        let jenkins = try JenkinsfileGenerator().generate(Self.file).files
        for file in jenkins {
            let lane = String(file.fileName.dropFirst("Jenkinsfile.".count))
            let comment =
                "// Lane '\(lane)' reads git's history (build_number or notes: { from: git }): a shallow checkout has too few commits for it:\n"
                + "// in the job's Git settings, Advanced clone behaviours, leave 'Shallow clone' off.\n"
            #expect(file.contents.contains(comment) == Self.readers.contains(lane), "\(file.fileName)")
        }
        let pipeline = try BuildkitePipelineGenerator().generate(Self.file).files[0].contents
        for lane in ["numbered", "noted", "caller", "counted", "plain"] {
            let comment =
                "# Lane '\(lane)' reads git's history (build_number or notes: { from: git }): a shallow checkout has too few commits for it: keep --depth out of the agent's BUILDKITE_GIT_CLONE_FLAGS."
            #expect(pipeline.contains(comment) == Self.readers.contains(lane), "\(lane)")
        }
    }
}
