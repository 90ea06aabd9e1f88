/// A test step's records, in the order the tool reported them: held in memory (a report built
/// by hand, one that was changed), or read one at a time from where the step keeps its cases
/// (the test step's scratch file: 500,000 records are not held for the reports and the run
/// history, which iterate them once each). Changing a record or the list holds them from then on.
public struct TestCaseRecords: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Sendable, Hashable,
    ExpressibleByArrayLiteral
{
    private enum Storage: Sendable {
        case held([TestCaseRecord])
        case onDemand(count: Int, record: @Sendable (Int) -> TestCaseRecord)
    }

    private var storage: Storage

    public init() { storage = .held([]) }

    public init(_ records: some Sequence<TestCaseRecord>) { storage = .held(Array(records)) }

    public init(arrayLiteral records: TestCaseRecord...) { storage = .held(records) }

    /// `count` records, the one at a position read by `record` each time it is asked for.
    public init(count: Int, record: @escaping @Sendable (Int) -> TestCaseRecord) { storage = .onDemand(count: count, record: record) }

    /// These records, each changed by `transform` as it is read (nothing is held).
    public func mapped(_ transform: @escaping @Sendable (TestCaseRecord) -> TestCaseRecord) -> TestCaseRecords {
        let base = self
        return TestCaseRecords(count: count) { transform(base[$0]) }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .held(let records): records.count
        case .onDemand(let count, _): count
        }
    }

    public subscript(position: Int) -> TestCaseRecord {
        get {
            switch storage {
            case .held(let records): records[position]
            case .onDemand(_, let record): record(position)
            }
        }
        set {
            var records = held
            records[position] = newValue
            storage = .held(records)
        }
    }

    public mutating func replaceSubrange(_ subrange: Range<Int>, with records: some Collection<TestCaseRecord>) {
        var all = held
        all.replaceSubrange(subrange, with: records)
        storage = .held(all)
    }

    private var held: [TestCaseRecord] {
        switch storage {
        case .held(let records): records
        case .onDemand: Array(self)
        }
    }

    public static func == (lhs: TestCaseRecords, rhs: TestCaseRecords) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for record in self { hasher.combine(record) }
    }
}
