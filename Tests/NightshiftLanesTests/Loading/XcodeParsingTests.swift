import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `xcode:` at the top, per configuration and per lane, and `.xcode-version` beside lanes.yml
/// (issue #39); the errors are in Fixtures/invalid/bad-xcode.yml.
@Suite("xcode: parsing")
struct XcodeParsingTests {
    @Test("versions, latest and paths, as written at each level")
    func levels() throws {
        let file = try LanesFileLoader().parse(
            text: """
                xcode: latest
                project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
                configurations:
                  release:
                    certificate: c
                    provisioning_profile: p
                    build_configuration: Release
                    app_identifier: com.example.app
                    export_method: ad-hoc
                    xcode: /Applications/Xcode_26.1.1.app
                lanes:
                  beta:
                    xcode: 27.0 beta 3
                    steps:
                      - test: { destination: { device: iPhone 17, os: "26.1" }, install_runtime: true }
                """, path: "lanes.yml")
        #expect(file.xcode?.choice == .latest)
        #expect(file.configurations.first?.xcode?.choice == .path("/Applications/Xcode_26.1.1.app"))
        let lane = try #require(file.lanes.first)
        #expect(lane.xcode?.choice == .version(XcodeVersion(components: [27, 0], beta: .number(3))))
        #expect(lane.xcode?.location == SourceLocation(file: "lanes.yml", line: 13, column: 12))
        guard case .test(let settings) = lane.steps.first?.kind else {
            Issue.record("not a test step")
            return
        }
        #expect(settings.installRuntime)
    }

    @Test(
        "version spellings people write, and what is not one",
        arguments: [
            ("26.2", "26.2"), ("26.1.1", "26.1.1"), ("27.0 beta 3", "27.0 beta 3"), ("14.0 Beta 6", "14.0 beta 6"),
            ("27.0-beta3", "27.0 beta 3"), ("27.0 beta", "27.0 beta"), ("12.1 GM", "12.1"), ("26", "26"),
        ])
    func spellings(written: String, read: String) {
        #expect(XcodeVersion(parsing: written)?.description == read)
    }

    @Test("not versions", arguments: ["", "26.", "26..1", "1.2.3.4", "26.2 rc", "beta", "v26.2", "26.2 beta x"])
    func notVersions(written: String) {
        #expect(XcodeVersion(parsing: written) == nil)
    }

    @Test(".xcode-version beside lanes.yml is the file's Xcode when it names none; the file's own xcode: wins")
    func xcodeVersionFile() throws {
        let files = InMemoryFiles()
        try files.write("lanes: { build: { steps: [ { sh: make } ] } }", to: "/repo/lanes.yml")
        try files.write("26.1.1\n", to: "/repo/.xcode-version")
        let path = try AbsolutePath(validating: "/repo/lanes.yml")
        let file = try LanesFileLoader().load(path, shownAs: "lanes.yml", from: files)
        #expect(file.xcode?.choice == .version(XcodeVersion(components: [26, 1, 1])))
        #expect(file.xcode?.location == SourceLocation(file: ".xcode-version", line: 1, column: 1))

        try files.write("xcode: latest\nlanes: { build: { steps: [ { sh: make } ] } }", to: "/repo/lanes.yml")
        #expect(try LanesFileLoader().load(path, shownAs: "lanes.yml", from: files).xcode?.choice == .latest)
    }

    @Test("an .xcode-version that names no Xcode is an error at that file, exit 2 as any lanes error")
    func badXcodeVersionFile() throws {
        let files = InMemoryFiles()
        try files.write("lanes: { build: { steps: [ { sh: make } ] } }", to: "/repo/ci/lanes.yml")
        try files.write("Xcode sixteen\n", to: "/repo/ci/.xcode-version")
        let path = try AbsolutePath(validating: "/repo/ci/lanes.yml")
        let error = #expect(throws: LanesFileError.self) { try LanesFileLoader().load(path, shownAs: "ci/lanes.yml", from: files) }
        #expect(error?.description.contains("ci/.xcode-version:1:1: error: 'Xcode sixteen' in ci/.xcode-version is not an Xcode") == true)
    }
}
