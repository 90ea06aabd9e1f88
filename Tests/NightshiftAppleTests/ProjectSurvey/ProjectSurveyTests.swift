import NightshiftApple
import Testing

/// What `nightshift init` reads of xcodebuild's listing, and which build configurations it picks.
struct ProjectSurveyTests {
    @Test("A workspace's listing has schemes only; text around the JSON is skipped")
    func workspaceListing() throws {
        let output = """
            Command line invocation:
                /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -list -json -workspace Brewer.xcworkspace

            {
              "workspace" : {
                "name" : "Brewer",
                "schemes" : [
                  "Brewer",
                  "BrewerKit"
                ]
              }
            }
            2026-11-28 22:00:00.000 xcodebuild[123:456] [MT] DVTAssertions: Warning in a plug-in
            """
        let listing = try XcodeListing.parse(output)
        #expect(listing.name == "Brewer")
        #expect(listing.schemes == ["Brewer", "BrewerKit"])
        #expect(listing.configurations.isEmpty && listing.targets.isEmpty && listing.isWorkspace)
    }

    @Test("A project's listing has its configurations and targets; no JSON at all is an error")
    func projectListing() throws {
        let output = """
            {
              "project" : {
                "configurations" : ["Debug", "Release"],
                "name" : "NetNewsWire",
                "schemes" : ["NetNewsWire", "NetNewsWire-iOS"],
                "targets" : ["NetNewsWire", "NetNewsWire-iOS"]
              }
            }
            """
        let listing = try XcodeListing.parse(output)
        #expect(listing.configurations == ["Debug", "Release"])
        #expect(!listing.isWorkspace)
        #expect(throws: XcodeListing.Unreadable.self) { try XcodeListing.parse("xcodebuild: error: no project\n") }
    }

    @Test(
        "Staging and production come from the configurations teams name so; Debug only when nothing else exists",
        arguments: [
            (["Debug", "Staging", "Production"], "Staging", "Production"),
            (["Debug", "Release"], "Release", "Release"),
            (["Debug", "Beta", "Release"], "Beta", "Release"),
            (["Debug", "AdHoc", "AppStore"], "AdHoc", "AppStore"),
            (["Debug", "QA", "Release", "Release-Internal"], "QA", "Release"),
            (["Debug"], "Debug", "Debug"),
        ])
    func roles(configurations: [String], staging: String, production: String) throws {
        let picked = try #require(BuildConfigurationRoles.pick(configurations))
        #expect(picked.staging == staging)
        #expect(picked.production == production)
    }

    @Test("No configurations: nothing to pick")
    func noConfigurations() {
        #expect(BuildConfigurationRoles.pick([]) == nil)
    }
}
