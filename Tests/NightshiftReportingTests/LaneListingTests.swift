import NightshiftCore
import NightshiftReporting
import Testing

@Suite("nightshift lanes' listing")
struct LaneListingTests {
    @Test("a lane-call bomb (41 lanes, each calling the next twice) is listed one row per lane, under the header")
    func callBomb() {
        let depth = 41
        var lanes = (0..<depth).map { Lane(name: "l\($0)", steps: [Step(.lane("l\($0 + 1)")), Step(.lane("l\($0 + 1)"))]) }
        lanes.append(Lane(name: "l\(depth)", steps: [Step(.sh("echo ${LEAF}"))]))
        let file = LanesFile(path: "bomb.yml", project: Project(name: "Bomb"), lanes: lanes)
        #expect(LaneListing(file: file).render().split(separator: "\n").count == depth + 2)
    }
}
