/// The first of the reader's two passes: each node's kind by its ordinal, one byte a node, and
/// the names of the nodes that give the tests under them their context (bundles, suites,
/// devices, configurations). xcresulttool sorts its keys, so a node's `nodeType` and `name`
/// come after its children: the second pass, which walks the tree as it reads it, learns them
/// here before it meets the children.
struct XCResultShape: XCResultNodeVisitor {
    private(set) var kinds: [UInt8] = []
    /// The name and identifier of each context node, by ordinal.
    private var contexts: [Int: Context] = [:]

    private struct Context {
        var name: String?
        var nodeIdentifier: String?
    }

    mutating func opened(_ ordinal: Int) throws(TestResultsError) { kinds.append(XCResultNodeKind.other(nil).code) }

    mutating func closed(_ ordinal: Int, _ fields: XCResultNode) throws(TestResultsError) {
        let kind = fields.kind
        kinds[ordinal] = kind.code
        switch kind {
        case .bundle, .suite, .device, .configuration: contexts[ordinal] = Context(name: fields.name, nodeIdentifier: fields.nodeIdentifier)
        default: break
        }
    }

    /// The kind of the node at `ordinal`; nil past the last node the first pass saw.
    func kind(at ordinal: Int) -> XCResultNodeKind? {
        ordinal < kinds.count ? XCResultNodeKind(code: kinds[ordinal]) : nil
    }

    /// The node at `ordinal` as the walk above a test case reads it: its name and identifier.
    func contextNode(at ordinal: Int) -> XCResultNode {
        let context = contexts[ordinal]
        return XCResultNode(name: context?.name, nodeType: nil, nodeIdentifier: context?.nodeIdentifier)
    }
}
