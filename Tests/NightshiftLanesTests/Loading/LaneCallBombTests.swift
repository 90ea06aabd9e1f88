@testable import NightshiftCore
@testable import NightshiftLanes
import Testing

/// 41 lanes, each calling the next twice: 2^41 paths through 82 steps. Every analysis must look
/// at the steps, not the paths.
@Suite("Lane-call bomb")
struct LaneCallBombTests {
    static let depth = 41

    static var text: String {
        var lines = ["project: { name: Bomb }", "lanes:"]
        for index in 0..<depth {
            lines += ["  l\(index):", "    steps:", "      - lane: l\(index + 1)", "      - lane: l\(index + 1)"]
        }
        lines += ["  l\(depth):", "    steps:", "      - sh: \"echo ${LEAF}\""]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("validates, and each step is visited once per configuration in force")
    func visitsEachStepOnce() throws {
        let file = try LanesFileLoader().parse(text: Self.text, path: "bomb.yml")
        let graph = LaneCallGraph(file: file)
        var visits = 0
        graph.visitSteps(reachableFrom: file.lanes[0]) { _ in visits += 1 }
        #expect(visits == 2 * Self.depth + 1)
        #expect(graph.cycles().isEmpty)
        #expect(LaneRequirements(file.lanes[0], in: file).names == ["LEAF"])
    }

    @Test("a configuration inherited through calls is still seen where it differs")
    func configurationsInForce() throws {
        let file = LanesFile(
            path: "x.yml", project: Project(name: "X"),
            lanes: [
                Lane(name: "signed", configuration: "staging", steps: [Step(.lane("build")), Step(.lane("shared"))]),
                Lane(name: "build", steps: [Step(.lane("shared")), Step(.lane("shared"))]),
                Lane(name: "shared", steps: [Step(.archive)]),
            ])
        var seen: [String?] = []
        LaneCallGraph(file: file).visitSteps(reachableFrom: file.lanes[0]) { walked in
            if walked.step.kind == .archive { seen.append(walked.configurationName) }
        }
        #expect(seen == ["staging"])
        var unsigned: [String?] = []
        LaneCallGraph(file: file).visitSteps(reachableFrom: file.lanes[1]) { walked in
            if walked.step.kind == .archive { unsigned.append(walked.configurationName) }
        }
        #expect(unsigned == [nil])
    }

    @Test("a chain of 50,000 calls and a cycle at its end are walked without recursion")
    func longChain() {
        let count = 50_000
        let lanes = (0..<count).map { Lane(name: "l\($0)", steps: [Step(.lane("l\(($0 + 1) % count)"))]) }
        let graph = LaneCallGraph(file: LanesFile(path: "x.yml", project: Project(name: "X"), lanes: lanes))
        var visits = 0
        graph.visitSteps(reachableFrom: lanes[0]) { _ in visits += 1 }
        #expect(visits == count)
        #expect(graph.cycles().map(\.names.count) == [count + 1])
    }

    static func chain(_ count: Int) -> String {
        let lanes = (0..<count).map { index in
            index + 1 < count ? "  l\(index):\n    steps:\n      - lane: l\(index + 1)\n" : "  l\(index):\n    steps:\n      - sh: make\n"
        }
        return "project: { name: Chain }\nlanes:\n" + lanes.joined()
    }

    @Test("lane calls nest at most 64 deep: a chain of 2,000 is one located error, not a stack overflow at run time")
    func callDepthBound() throws {
        let limit = InputLimits.deepestNesting
        #expect(throws: Never.self) { try LanesFileLoader().parse(text: Self.chain(limit), path: "chain.yml") }
        for count in [limit + 1, 2_000] {
            let error = #expect(throws: LanesFileError.self) { try LanesFileLoader().parse(text: Self.chain(count), path: "chain.yml") }
            #expect(
                error?.description == "chain.yml:3:3: error: lane 'l0' calls lanes \(count) deep; 'lane:' calls nest at most \(limit) deep")
        }
    }
}
