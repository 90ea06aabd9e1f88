/// One pass over `xcresulttool get test-results tests` JSON with a pull parser: the top level's
/// devices and test plan configurations are kept (a few), and every node is handed to a visitor
/// as it opens and closes, never held. By key, never by position; a scalar key of another type
/// reads as absent, as a child that is not a node is an error (the decoder this replaced did
/// the same).
struct XCResultDocumentReader<Source: ResultByteSource> {
    private var parser: JSONPullParser<Source>
    private(set) var devices: [XCResultDevice] = []
    private(set) var configurations: [XCResultConfiguration] = []
    private var ordinal = 0

    init(_ source: Source, name: String, limits: JSONPullParser<Source>.Limits) {
        parser = JSONPullParser(source, name: name, limits: limits)
    }

    /// How many nodes the document holds.
    var nodeCount: Int { ordinal }

    mutating func read<Visitor: XCResultNodeVisitor>(_ visitor: inout Visitor) throws(TestResultsError) {
        guard try parser.next() == .objectStart else { throw unexpected("the top level is not an object") }
        while case .key(let key) = try parser.next() {
            switch key {
            case "devices":
                devices =
                    try records(["deviceId", "deviceName", "modelName", "osVersion"]).map {
                        $0.map {
                            XCResultDevice(
                                deviceId: $0["deviceId"], deviceName: $0["deviceName"], modelName: $0["modelName"],
                                osVersion: $0["osVersion"])
                        }
                    } ?? []
            case "testPlanConfigurations":
                configurations =
                    try records(["configurationId", "configurationName"]).map {
                        $0.map { XCResultConfiguration(configurationId: $0["configurationId"], configurationName: $0["configurationName"]) }
                    } ?? []
            case "testNodes": try nodes(of: "testNodes", &visitor)
            default: try parser.skipValue()
            }
        }
        guard try parser.next() == .end else { throw parser.failure("text after the end of the value") }
    }

    private func unexpected(_ what: String) -> TestResultsError {
        TestResultsError("\(parser.name) are not the JSON expected: \(what) (byte \(parser.offset))")
    }

    /// A list of nodes (or null), each handed to the visitor with its children.
    private mutating func nodes<Visitor: XCResultNodeVisitor>(of owner: String, _ visitor: inout Visitor) throws(TestResultsError) {
        switch try parser.next() {
        case .null: return
        case .arrayStart: break
        default: throw unexpected("\(owner) is not a list of nodes")
        }
        while true {
            switch try parser.next() {
            case .arrayEnd: return
            case .objectStart: try node(&visitor)
            default: throw unexpected("an element of \(owner) is not a node")
            }
        }
    }

    private mutating func node<Visitor: XCResultNodeVisitor>(_ visitor: inout Visitor) throws(TestResultsError) {
        let mine = ordinal
        ordinal += 1
        try visitor.opened(mine)
        var fields = XCResultNode(name: nil, nodeType: nil)
        while case .key(let key) = try parser.next() {
            switch key {
            case "name": fields.name = try string()
            case "nodeType": fields.nodeType = try string()
            case "result": fields.result = try string()
            case "nodeIdentifier": fields.nodeIdentifier = try string()
            case "duration": fields.duration = try string()
            case "details": fields.details = try string()
            case "durationInSeconds": fields.durationInSeconds = try number()
            case "children": try nodes(of: "children", &visitor)
            default: try parser.skipValue()
            }
        }
        try visitor.closed(mine, fields)
    }

    /// The value if it is a string, else nil (and the value skipped).
    private mutating func string() throws(TestResultsError) -> String? {
        if case .string(let text) = try scalar() { return text }
        return nil
    }

    private mutating func number() throws(TestResultsError) -> Double? {
        if case .number(let value) = try scalar() { return value }
        return nil
    }

    /// The next value's token; a container is skipped whole and reads as its opening token.
    private mutating func scalar() throws(TestResultsError) -> JSONToken {
        let outer = parser.depth
        let token = try parser.next()
        guard parser.depth > outer else { return token }
        while parser.depth > outer { _ = try parser.next() }
        return token
    }

    // MARK: devices and configurations

    /// A list of flat records whose known keys hold strings; nil (the whole list ignored, never
    /// an error) when it is anything else, as the top level's optional parts always were.
    private mutating func records(_ fields: Set<String>) throws(TestResultsError) -> [[String: String]]? {
        let outer = parser.depth
        guard try parser.next() == .arrayStart else {
            while parser.depth > outer { _ = try parser.next() }
            return nil
        }
        var records: [[String: String]] = []
        var valid = true
        while true {
            switch try parser.next() {
            case .arrayEnd: return valid ? records : nil
            case .objectStart:
                var record: [String: String] = [:]
                while case .key(let key) = try parser.next() {
                    guard fields.contains(key) else {
                        try parser.skipValue()
                        continue
                    }
                    switch try scalar() {
                    case .string(let text): record[key] = text
                    case .null: record[key] = nil
                    default: valid = false
                    }
                }
                records.append(record)
            case .arrayStart:
                valid = false
                while parser.depth > outer + 1 { _ = try parser.next() }
            default: valid = false
            }
        }
    }
}
