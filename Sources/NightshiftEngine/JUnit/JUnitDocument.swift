/// The JUnit XML every nightshift report writes, as values: the lane reports (`--junit`: a suite
/// per lane, a case per step) and a `test:` step's per-test file (a suite per bundle, a case per
/// test) both describe what they found in these, and `JUnitWriter` alone turns them into text,
/// in the shape Jenkins' JUnit plugin and Maven Surefire's `surefire-test-report-3.0.xsd` read.

/// The count attributes of `<testsuites>` and `<testsuite>`: `tests failures errors skipped time`.
public struct JUnitCounts: Sendable, Hashable {
    public var tests: Int
    public var failures: Int
    public var errors: Int
    public var skipped: Int
    public var seconds: Double

    public init(tests: Int, failures: Int, errors: Int = 0, skipped: Int, seconds: Double) {
        self.tests = tests
        self.failures = failures
        self.errors = errors
        self.skipped = skipped
        self.seconds = seconds
    }

    /// A test step's counts: per test, never per attempt; an expected failure passes.
    public init(tally: TestTally, seconds: Double) {
        self.init(tests: tally.total, failures: tally.failed, skipped: tally.skipped, seconds: seconds)
    }
}

/// One `<testsuite>`'s opening: its name, counts, start (`timestamp`, ISO 8601) and properties.
public struct JUnitSuite: Sendable, Hashable {
    public var name: String
    public var counts: JUnitCounts
    public var timestamp: String?
    /// `<properties>`, left out when empty; names are markup, values text.
    public var properties: [JUnitProperty]

    public init(name: String, counts: JUnitCounts, timestamp: String? = nil, properties: [JUnitProperty] = []) {
        self.name = name
        self.counts = counts
        self.timestamp = timestamp
        self.properties = properties
    }
}

/// A `<property name="…" value="…"/>`.
public struct JUnitProperty: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One `<testcase>`: written `<testcase …/>` when it has nothing inside.
public struct JUnitTestCase: Sendable, Hashable {
    /// The order of `name` and `classname`: each report keeps the order it has always written
    /// (XML readers ignore it; the goldens and the files users diff do not).
    public enum AttributeOrder: Sendable, Hashable {
        case classnameFirst
        case nameFirst
    }

    public var name: String
    public var classname: String
    public var seconds: Double
    public var attributeOrder: AttributeOrder
    public var properties: [JUnitProperty] = []
    /// The result and rerun elements, in the schema's order (failure, rerunFailure…, flakyFailure…,
    /// skipped; an error after its rerunFailures).
    public var elements: [JUnitCaseElement] = []
    public var systemOut: String?
    public var systemErr: String?

    public init(name: String, classname: String, seconds: Double, attributeOrder: AttributeOrder) {
        self.name = name
        self.classname = classname
        self.seconds = seconds
        self.attributeOrder = attributeOrder
    }

    var isEmpty: Bool { properties.isEmpty && elements.isEmpty && systemOut == nil && systemErr == nil }
}

/// What a testcase holds besides its output.
public enum JUnitCaseElement: Sendable, Hashable {
    /// `<failure message type>body</failure>`.
    case failure(message: String, type: String, body: String)
    /// `<error message type>body</error>`.
    case error(message: String, type: String, body: String)
    /// `<skipped message/>`.
    case skipped(message: String)
    /// An earlier attempt that failed, as Surefire writes reruns: `flakyFailure` in a case that
    /// passed on a retry, `rerunFailure` beside the `failure` of one that failed after retries.
    /// The schema requires `type` and a `<stackTrace>`; `systemOut` repeats the text for readers
    /// that show no stack trace.
    case attempt(Rerun, message: String, type: String, stackTrace: String, systemOut: String?)

    public enum Rerun: String, Sendable, Hashable {
        case flakyFailure
        case rerunFailure
    }
}
