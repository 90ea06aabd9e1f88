/// The second of the reader's two passes: the walk from the test plan down to each test case,
/// done as the nodes are read. Above a test case it keeps only the stack of enclosing contexts
/// (kinds and names from the first pass); a test case is built whole, with its arguments,
/// devices and attempts (a few nodes), handed to `XCResultTreeWalk` when it closes, and its
/// cases go to the sink before the next is read.
struct XCResultStreamingWalk<Sink: TestCaseSink>: XCResultNodeVisitor {
    /// The most nodes one test case may hold (its arguments, devices, attempts and messages):
    /// a test repeated 10,000 times on 10 devices stays under it; a hostile file does not grow
    /// memory through one test.
    static var maximumNodesPerTest: Int { 1_000_000 }

    let walk: XCResultTreeWalk
    let shape: XCResultShape
    let name: String
    var sink: Sink
    /// One entry per open node above the test cases: its children's context, nil where nothing
    /// under it is a test.
    private var frames: [XCResultTreeWalk.Context?] = []
    /// The test case being built and its open descendants, outermost first.
    private var building: [XCResultNode] = []
    private var buildingContext = XCResultTreeWalk.Context()
    private var builtNodes = 0

    init(walk: XCResultTreeWalk, shape: XCResultShape, name: String, sink: Sink) {
        self.walk = walk
        self.shape = shape
        self.name = name
        self.sink = sink
    }

    mutating func opened(_ ordinal: Int) throws(TestResultsError) {
        guard let kind = shape.kind(at: ordinal) else { throw changed() }
        if !building.isEmpty {
            builtNodes += 1
            guard builtNodes <= Self.maximumNodesPerTest else {
                throw TestResultsError(
                    "\(name) hold a test case of more than \(Self.maximumNodesPerTest) nodes; not a result xcresulttool writes")
            }
            building.append(XCResultNode(name: nil, nodeType: nil))
            return
        }
        guard let parent = frames.last ?? XCResultTreeWalk.Context() else {
            frames.append(nil)
            return
        }
        if kind == .testCase {
            buildingContext = parent
            builtNodes = 1
            building.append(XCResultNode(name: nil, nodeType: nil))
            return
        }
        frames.append(walk.context(entering: shape.contextNode(at: ordinal), kind: kind, parent))
    }

    mutating func closed(_ ordinal: Int, _ fields: XCResultNode) throws(TestResultsError) {
        guard shape.kind(at: ordinal)?.code == fields.kind.code else { throw changed() }
        guard var node = building.popLast() else {
            frames.removeLast()
            return
        }
        let children = node.children
        node = fields
        node.children = children
        if building.isEmpty {
            for test in walk.testCase(node, buildingContext) { sink.add(test) }
        } else {
            building[building.count - 1].children.append(node)
        }
    }

    private func changed() -> TestResultsError {
        TestResultsError("\(name) changed while they were read (a node differs between the two passes)")
    }
}
