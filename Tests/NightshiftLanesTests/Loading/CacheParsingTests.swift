import NightshiftCore
import NightshiftLanes
import Testing

/// `cache:` at the top, per configuration and per lane (issue #39 §3), and the sizes `limit:`
/// takes; the errors are in Fixtures/invalid/bad-cache.yml.
@Suite("cache: parsing")
struct CacheParsingTests {
    @Test("each level as written, and the nearest one in force for a lane's steps")
    func levels() throws {
        let file = try LanesFileLoader().parse(
            text: """
                cache: { compilation: true, packages: true, limit: 20GB }
                project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
                configurations:
                  release:
                    certificate: c
                    provisioning_profile: p
                    build_configuration: Release
                    app_identifier: com.example.app
                    export_method: ad-hoc
                    cache: { packages: true }
                lanes:
                  plain:
                    steps: [ { sh: echo } ]
                  signed:
                    configuration: release
                    steps: [ { sh: echo } ]
                  own:
                    configuration: release
                    cache: { compilation: true, limit: 1.5 TB }
                    steps: [ { sh: echo } ]
                """, path: "lanes.yml")
        #expect(
            file.cache
                == BuildCacheSettings(
                    compilation: true, packages: true, limit: ByteSize(bytes: 20 << 30),
                    location: .init(file: "lanes.yml", line: 1, column: 8)))
        #expect(file.configurations.first?.cache?.packages == true)
        #expect(file.configurations.first?.cache?.compilation == false)
        let graph = LaneCallGraph(file: file)
        func inForce(_ lane: String) throws -> BuildCacheSettings? {
            var found: BuildCacheSettings?
            graph.visitSteps(reachableFrom: try #require(file.lane(named: lane))) { found = $0.frame.cache }
            return found
        }
        #expect(try inForce("plain")?.limit == ByteSize(bytes: 20 << 30))
        #expect(try inForce("signed") == file.configurations.first?.cache)
        #expect(try inForce("own")?.limit == ByteSize(bytes: 1_649_267_441_664))
    }
}
