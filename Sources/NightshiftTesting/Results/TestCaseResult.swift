public import NightshiftEngine

/// One failure (or skip, or expected-failure) message of one attempt: xcresulttool's
/// `Failure Message` node name `File.swift:38: XCTAssertEqual failed…`, split.
public struct TestFailureMessage: Sendable, Hashable, Codable {
    /// The text without its `File:LINE: ` prefix.
    public var text: String
    public var file: String?
    public var line: Int?

    /// `text` beyond `TestMessageText.maximumBytes` is cut, saying how much went.
    public init(text: String, file: String? = nil, line: Int? = nil) {
        self.text = TestMessageText.bounded(text)
        self.file = file
        self.line = line
    }

    /// `LedgerTests.swift:38: text`, or the text alone when it has no location.
    public var located: String {
        guard let file else { return text }
        return line.map { "\(file):\($0): \(text)" } ?? "\(file): \(text)"
    }
}

/// One run of one test: a repetition in one xcodebuild invocation, or nightshift's re-run.
public struct TestAttempt: Sendable, Hashable, Codable {
    public var outcome: TestOutcome
    public var durationSeconds: Double
    /// Failure messages for a failure, the reason for a skip, the issue for an expected failure.
    public var messages: [TestFailureMessage]
    /// The tool's name for it (`Retry 1`, `First Run`), nil when it gave none.
    public var label: String?

    /// The most messages an attempt keeps: a test can record an issue in every iteration of a
    /// loop, and each message is written twice in a JUnit file (its reports and re-runs). The
    /// rest are counted in one more message.
    public static let maximumMessages = 20

    /// `moreMessages`: messages past `messages` that a reader counted without keeping.
    public init(
        outcome: TestOutcome, durationSeconds: Double = 0, messages: [TestFailureMessage] = [], moreMessages: Int = 0,
        label: String? = nil
    ) {
        self.outcome = outcome
        self.durationSeconds = TestCaseRecord.credibleSeconds(durationSeconds)
        let more = max(0, messages.count - Self.maximumMessages) + max(0, moreMessages)
        self.messages =
            Array(messages.prefix(Self.maximumMessages)) + (more > 0 ? [TestFailureMessage(text: "… and \(more) more messages")] : [])
        self.label = label
    }
}

/// One test, as the JUnit file shows it: one `<testcase>` per test, argument, device and
/// configuration, whatever the number of attempts.
public struct TestCaseResult: Sendable, Hashable, Codable {
    /// As `-only-testing` and `swift test --filter` take it: `BrewerTests/LedgerTests/testRounding()`.
    public var identifier: String
    /// The test bundle (target): `BrewerTests`.
    public var bundle: String
    /// The suites from the bundle down, outermost first, by the type names the identifier gives
    /// them (Xcode shows a Swift Testing suite's display name on its node): `["LedgerTests"]`, or
    /// nested Swift Testing suites. The JUnit `classname` and the console line are made of them.
    public var suitePath: [String]
    /// The test's own name: `testRounding()`, or Swift Testing's display name.
    public var name: String
    /// A parameterised test's argument, as the tool printed it (may be empty or hold control characters).
    public var argument: String?
    /// Among the test's arguments printed as `argument`, how many came before this one; nil for
    /// the first. Two values may print alike: each is a case of its own.
    public var argumentOccurrence: Int?
    /// `iPhone 16 (18.2)` when the run had several devices.
    public var device: String?
    /// The test plan configuration's name when the run had several.
    public var configuration: String?
    /// Oldest first; never empty for a test that ran.
    public var attempts: [TestAttempt]

    public init(
        identifier: String, bundle: String, suitePath: [String], name: String, argument: String? = nil,
        argumentOccurrence: Int? = nil, device: String? = nil, configuration: String? = nil, attempts: [TestAttempt]
    ) {
        self.identifier = identifier
        self.bundle = bundle
        self.suitePath = suitePath
        self.name = name
        self.argument = argument
        self.argumentOccurrence = argumentOccurrence
        self.device = device
        self.configuration = configuration
        self.attempts = attempts
    }

    /// The attempt the outcome is: the last that ran, or the last when every one was skipped. A
    /// skip says nothing of whether a test passes (a re-run may skip what is missing on its
    /// device): a test that failed and was then skipped never passed, and stays failed.
    public var decidingAttempt: TestAttempt? { attempts.last { $0.outcome != .skipped } ?? attempts.last }

    /// The deciding attempt's outcome; `failed` for a test without attempts (it never reported).
    public var outcome: TestOutcome { decidingAttempt?.outcome ?? .failed }

    /// An attempt failed and the deciding one (a later one) passed.
    public var isFlaky: Bool { outcome.isPass && attempts.contains { $0.outcome == .failed } }

    /// The last attempt's duration.
    public var durationSeconds: Double { attempts.last?.durationSeconds ?? 0 }

    /// What tells this case apart from others with its identifier, nil when nothing does.
    public var variant: String? {
        let occurrence = argumentOccurrence.map { " (#\($0 + 1))" } ?? ""
        let parts = [argument.map { "argument: \($0)\(occurrence)" }, device, configuration].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The key the merger matches attempts by: identifier, argument, device and configuration.
    public var key: TestCaseKey {
        TestCaseKey(
            identifier: identifier, argument: argument, argumentOccurrence: argumentOccurrence, device: device, configuration: configuration
        )
    }

    /// The record the engine keeps.
    public var record: TestCaseRecord {
        TestCaseRecord(
            identifier: identifier, outcome: outcome, isFlaky: isFlaky, attempts: attempts.count, durationSeconds: durationSeconds,
            variant: variant, reason: outcome == .failed || outcome == .skipped ? decidingAttempt?.messages.first?.located : nil)
    }
}

/// What identifies one `<testcase>` across shards and re-runs.
public struct TestCaseKey: Sendable, Hashable, Codable {
    public var identifier: String
    public var argument: String?
    public var argumentOccurrence: Int?
    public var device: String?
    public var configuration: String?

    public init(
        identifier: String, argument: String? = nil, argumentOccurrence: Int? = nil, device: String? = nil, configuration: String? = nil
    ) {
        self.identifier = identifier
        self.argument = argument
        self.argumentOccurrence = argumentOccurrence
        self.device = device
        self.configuration = configuration
    }
}
