/// `test:`: what to test and how. Either an Xcode scheme on fresh simulators (`scheme:`,
/// `destination:`, shards) or a SwiftPM package through `swift test` (`package:`); the loader
/// refuses the keys of one with the other.
public struct TestStepSettings: Sendable, Hashable {
    /// Where the tests run: an Xcode project's scheme, or a SwiftPM package's folder.
    public enum Subject: Sendable, Hashable {
        /// `scheme:` (nil: `project.scheme`, else `project.name`), `test_plan:` and `destination:`.
        case xcode(scheme: Template?, testPlan: Template?, destination: TestDestination?)
        /// `package:`, the package's folder, read against the lanes file's folder.
        case package(Template)
    }

    public var subject: Subject
    /// `only:` (xcodebuild's `-only-testing`, swift test's `--filter`), as written.
    public var only: [TestIdentifier]
    /// `skip:` (`-skip-testing`, `--skip`).
    public var skip: [TestIdentifier]
    /// How many times the still-failing tests run again.
    public var retries: Int
    /// Fresh simulators the tests are spread over.
    public var shards: Int
    /// `coverage: { minimum: 70% }`: a percentage from 0 to 100; `coverage: true` measures
    /// without a floor (minimum 0).
    public var coverageMinimum: Double?
    /// `junit:`; nil: `<run folder>/output/tests/<step>.junit.xml`.
    public var junit: Template?
    /// How long one simulator may take to boot.
    public var bootTimeout: Duration
    /// `install_runtime: true`: a destination's simulator runtime missing from the selected
    /// Xcode is downloaded before the lane starts (`xcodebuild -downloadPlatform`), not reported.
    public var installRuntime = false
    public var location: SourceLocation?

    public static let defaultBootTimeout: Duration = .seconds(300)

    public init(
        subject: Subject, only: [TestIdentifier] = [], skip: [TestIdentifier] = [], retries: Int = 0, shards: Int = 1,
        coverageMinimum: Double? = nil, junit: Template? = nil, bootTimeout: Duration = Self.defaultBootTimeout,
        location: SourceLocation? = nil
    ) {
        self.subject = subject
        self.only = only
        self.skip = skip
        self.retries = retries
        self.shards = shards
        self.coverageMinimum = coverageMinimum
        self.junit = junit
        self.bootTimeout = bootTimeout
        self.location = location
    }

    /// Every template the step reads, for the variables it needs and its fingerprint.
    public var keyedTemplates: [(String, Template)] {
        var pairs: [(String, Template)] = []
        switch subject {
        case .xcode(let scheme, let testPlan, let destination):
            if let scheme { pairs.append(("scheme", scheme)) }
            if let testPlan { pairs.append(("test_plan", testPlan)) }
            if let destination { pairs += destination.keyedTemplates.map { ("destination.\($0.0)", $0.1) } }
        case .package(let folder):
            pairs.append(("package", folder))
        }
        if let junit { pairs.append(("junit", junit)) }
        return pairs
    }

    /// The step's settings that are not templates, one line each, in a fixed order: what the
    /// journal's fingerprint reads besides the templates.
    public var writtenLines: [String] {
        var lines = [
            "only \(only.map(\.text).joined(separator: " "))", "skip \(skip.map(\.text).joined(separator: " "))",
            "retries \(retries)", "shards \(shards)", "boot_timeout \(bootTimeout)",
        ]
        if installRuntime { lines.append("install_runtime") }
        if let coverageMinimum { lines.append("coverage \(coverageMinimum)") }
        return lines
    }

    public static let mostRetries = 10
    public static let mostShards = 16
}

/// `destination:`: a simulator by device type and OS (`{ device: iPhone 16, os: "18.2" }`), or a
/// raw `-destination` string handed to xcodebuild as written.
public enum TestDestination: Sendable, Hashable {
    /// `os` nil: the newest runtime that runs the device type.
    case simulator(device: Template, os: Template?)
    case raw(Template)

    var keyedTemplates: [(String, Template)] {
        switch self {
        case .simulator(let device, let os): [("device", device)] + (os.map { [("os", $0)] } ?? [])
        case .raw(let raw): [("raw", raw)]
        }
    }
}

/// An entry of `only:`/`skip:`: `Target`, `Target/Class` or `Target/Class/test` (Swift
/// Testing nests suites: `Target/Suite/Nested/test()`), as xcodebuild's `-only-testing` takes it.
public struct TestIdentifier: Sendable, Hashable, CustomStringConvertible {
    public var text: String

    public init(_ text: String) { self.text = text }

    public var components: [Substring] { text.split(separator: "/", omittingEmptySubsequences: false) }
    public var description: String { text }

    /// Why `text` is not an identifier; nil when it is one.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "holds a control character"
        }
        if text.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.trimmingSpaces.isEmpty }) {
            return "has an empty part"
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
