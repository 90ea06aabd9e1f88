/// What a pass over xcresulttool's nodes is told as it reads them: each node's position in the
/// document (its ordinal: the order its `{` comes in, counted the same way by every pass) when
/// it opens, and its fields when it closes. Between the two come its children: xcresulttool
/// sorts its keys, so `children` precede a node's `name` and `nodeType`.
protocol XCResultNodeVisitor {
    mutating func opened(_ ordinal: Int) throws(TestResultsError)
    /// `fields`: the node's scalar keys, without children.
    mutating func closed(_ ordinal: Int, _ fields: XCResultNode) throws(TestResultsError)
}
