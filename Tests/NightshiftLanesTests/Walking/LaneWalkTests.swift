import NightshiftCore
import NightshiftLanes
import Testing

/// The one walk of the lane graph: what a called lane inherits, and how often each lane is entered.
@Suite("Lane walk")
struct LaneWalkTests {
    static let file = LanesFile(
        path: "x.yml", project: Project(name: "X"),
        configurations: [
            Configuration(
                name: "staging", certificate: "c", provisioningProfile: "p", buildConfiguration: "Release", appIdentifier: "a",
                exportMethod: "ad-hoc")
        ],
        lanes: [
            Lane(
                name: "release", configuration: "staging", environment: ["A": "release", "B": "release"],
                steps: [
                    Step(.sh("one")),
                    Step(.lane("build"), options: StepOptions(environment: ["B": "call", "C": "call"], always: true)),
                    Step(.lane("build")),
                ]),
            Lane(name: "build", environment: ["A": "build", "B": "build"], steps: [Step(.archive), Step(.lane("leaf"))]),
            Lane(name: "leaf", configuration: "other", steps: [Step(.sh("leaf"))]),
        ])

    static func events(_ revisits: LaneWalk.Revisits, skippingCalls: Bool = false) -> [String] {
        var walk = LaneWalk(LaneCallGraph(file: file), from: file.lanes[0], revisits: revisits)
        var events: [String] = []
        while let event = walk.next() {
            switch event {
            case .entered(let frame): events.append("enter \(frame.lane.name)@\(frame.depth)")
            case .left(let frame): events.append("leave \(frame.lane.name)")
            case .step(let walked):
                events.append(walked.step.displayName)
                if skippingCalls { walk.skipCall() }
            }
        }
        return events
    }

    @Test("a run's walk enters every call, in run order, and leaves each called lane")
    func everyCall() {
        #expect(
            Self.events(.always) == [
                "enter release@0", "one", "lane build", "enter build@1", "archive", "lane leaf", "enter leaf@2", "leaf", "leave leaf",
                "leave build", "lane build", "enter build@1", "archive", "lane leaf", "enter leaf@2", "leaf", "leave leaf",
                "leave build", "leave release",
            ])
    }

    @Test("each lane once, or once per configuration in force")
    func revisits() {
        let once = ["enter release@0", "one", "lane build", "enter build@1", "archive", "lane leaf", "enter leaf@2", "leaf"]
        let rest = ["leave leaf", "leave build", "lane build", "leave release"]
        #expect(Self.events(.never) == once + rest)
        #expect(Self.events(.oncePerConfiguration) == once + rest)
    }

    @Test("a skipped call is not entered")
    func skippedCall() {
        #expect(Self.events(.always, skippingCalls: true) == ["enter release@0", "one", "lane build", "lane build", "leave release"])
    }

    @Test("a called lane's env: is its callers', then its own, then the calling step's; `always` and the configuration flow down")
    func inheritance() {
        var archives: [WalkedStep] = []
        var leaves: [WalkedStep] = []
        LaneCallGraph(file: Self.file).visitSteps(reachableFrom: Self.file.lanes[0], revisits: .always) { walked in
            if walked.step.kind == .archive { archives.append(walked) }
            if walked.lane.name == "leaf" { leaves.append(walked) }
        }
        #expect(archives.count == 2)
        let called = archives[0]
        #expect(called.frame.environment == ["A": "build", "B": "call", "C": "call"])
        #expect(called.frame.inherited == ["A": "release", "B": "call", "C": "call"])
        #expect(called.providedNames == ["A", "B", "C"])
        #expect(called.configurationName == "staging")
        #expect(called.configuration?.name == "staging")
        #expect(called.step.options.always)
        #expect(!archives[1].step.options.always)
        #expect(archives[1].frame.environment == ["A": "build", "B": "build"])
        // A lane naming its own configuration keeps it, even one the file does not have.
        #expect(leaves.map(\.configurationName) == ["other", "other"])
        #expect(leaves.map { $0.configuration == nil } == [true, true])
        #expect(leaves[0].step.options.always && !leaves[1].step.options.always)
    }

    @Test("a run's walk does not enter a lane that is already being called")
    func cycle() {
        let lanes = [Lane(name: "a", steps: [Step(.lane("b"))]), Lane(name: "b", steps: [Step(.sh("x")), Step(.lane("a"))])]
        var walk = LaneWalk(LaneCallGraph(file: LanesFile(path: "x.yml", lanes: lanes)), from: lanes[0], revisits: .always)
        var names: [String] = []
        while let event = walk.next() {
            if case .step(let walked) = event { names.append(walked.step.displayName) }
        }
        #expect(names == ["lane b", "x", "lane a"])
    }
}
