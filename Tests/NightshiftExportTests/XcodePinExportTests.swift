import Foundation
import NightshiftCore
import NightshiftExport
import NightshiftLanes
import Testing

/// The lane's `xcode:` in the exported jobs (issue #39): a path as DEVELOPER_DIR in the job's
/// environment; a version, which only the agent can resolve, as a warning.
@Suite("xcode: in exported jobs")
struct XcodePinExportTests {
    static let file = try! LanesFileLoader().parse(
        text: """
            xcode: "26.2"
            lanes:
              pinned:
                xcode: /Applications/Xcode_26.1.1.app
                steps:
                  - sh: make
              versioned:
                steps:
                  - sh: make
              newest:
                xcode: latest
                steps:
                  - sh: make
              beta:
                xcode: 27.0 beta 3
                steps:
                  - sh: make
            """, path: "lanes.yml")

    @Test("GitHub Actions: the job's env: holds DEVELOPER_DIR for a path pin, and for a version where the runner images install it")
    func github() throws {
        let export = try GitHubWorkflowGenerator().generate(Self.file)
        let pinned = try #require(export.files.first { $0.fileName == "nightshift-pinned.yml" }).contents
        #expect(pinned.contains("    env:\n      DEVELOPER_DIR: /Applications/Xcode_26.1.1.app/Contents/Developer\n    steps:\n"))
        let versioned = try #require(export.files.first { $0.fileName == "nightshift-versioned.yml" }).contents
        #expect(versioned.contains("    env:\n      DEVELOPER_DIR: /Applications/Xcode_26.2.app/Contents/Developer\n    steps:\n"))
        #expect(versioned.contains("where GitHub's runner images install that version"))
        for lane in ["newest", "beta"] {
            let text = try #require(export.files.first { $0.fileName == "nightshift-\(lane).yml" }).contents
            #expect(!text.contains("DEVELOPER_DIR"))
        }
        let warnings = export.warnings.map(\.message)
        #expect(warnings.contains { $0.contains("lane 'newest': xcode 'latest' is found on the agent") })
        #expect(warnings.contains { $0.contains("lane 'beta': xcode '27.0 beta 3' is found on the agent") })
        #expect(!warnings.contains { $0.contains("lane 'pinned'") || $0.contains("lane 'versioned'") })
    }

    @Test("Jenkins: in the pipeline's environment block")
    func jenkins() throws {
        let export = try JenkinsfileGenerator().generate(Self.file)
        let pinned = try #require(export.files.first { $0.fileName == "Jenkinsfile.pinned" }).contents
        let environment = try #require(pinned.range(of: "environment {"))
        let value = try #require(pinned.range(of: "DEVELOPER_DIR = '/Applications/Xcode_26.1.1.app/Contents/Developer'\n"))
        #expect(environment.upperBound < value.lowerBound)
        #expect(export.warnings.map(\.message).contains { $0.contains("lane 'versioned'") })
    }

    @Test("Buildkite: in the step's env")
    func buildkite() throws {
        let export = try BuildkitePipelineGenerator().generate(Self.file)
        let text = try #require(export.files.first).contents
        #expect(text.contains("    env:\n      DEVELOPER_DIR: '/Applications/Xcode_26.1.1.app/Contents/Developer'\n"))
        #expect(export.warnings.map(\.message).contains { $0.contains("lane 'versioned'") })
    }
}
