/// One node of `xcresulttool get test-results tests` (Xcode 16+), with the keys nightshift reads
/// (`XCResultDocumentReader` fills them by key, never by position: the key order is not stable;
/// a key of an unexpected type reads as absent rather than failing the whole result).
struct XCResultNode: Sendable {
    var name: String?
    var nodeType: String?
    var result: String?
    var nodeIdentifier: String?
    var duration: String?
    var durationInSeconds: Double?
    var details: String?
    var children: [XCResultNode]

    init(
        name: String?, nodeType: String?, result: String? = nil, nodeIdentifier: String? = nil, duration: String? = nil,
        durationInSeconds: Double? = nil, details: String? = nil, children: [XCResultNode] = []
    ) {
        self.name = name
        self.nodeType = nodeType
        self.result = result
        self.nodeIdentifier = nodeIdentifier
        self.duration = duration
        self.durationInSeconds = durationInSeconds
        self.details = details
        self.children = children
    }

    var kind: XCResultNodeKind { XCResultNodeKind(nodeType) }

    /// `durationInSeconds` when present, else the localised `duration` text, else 0.
    var seconds: Double {
        if let durationInSeconds, durationInSeconds.isFinite, durationInSeconds >= 0 { return durationInSeconds }
        return duration.map(TestDurationText.seconds) ?? 0
    }
}

/// The `nodeType`s nightshift acts on; anything else is `.other`, kept by name and never an error.
enum XCResultNodeKind: Equatable {
    case testPlan, bundle, suite, testCase, arguments, repetition, testCaseRun, device, configuration, failureMessage
    case other(String?)

    init(_ nodeType: String?) {
        switch nodeType {
        case "Test Plan": self = .testPlan
        case "Unit test bundle", "UI test bundle": self = .bundle
        case "Test Suite": self = .suite
        case "Test Case": self = .testCase
        case "Arguments": self = .arguments
        case "Repetition": self = .repetition
        case "Test Case Run": self = .testCaseRun
        case "Device": self = .device
        case "Test Plan Configuration": self = .configuration
        case "Failure Message": self = .failureMessage
        default: self = .other(nodeType)
        }
    }

    /// One byte per kind, for the first pass's table of every node (`.other` loses its text,
    /// which nothing reads).
    var code: UInt8 {
        switch self {
        case .testPlan: 0
        case .bundle: 1
        case .suite: 2
        case .testCase: 3
        case .arguments: 4
        case .repetition: 5
        case .testCaseRun: 6
        case .device: 7
        case .configuration: 8
        case .failureMessage: 9
        case .other: 10
        }
    }

    init(code: UInt8) {
        let kinds: [XCResultNodeKind] = [
            .testPlan, .bundle, .suite, .testCase, .arguments, .repetition, .testCaseRun, .device, .configuration, .failureMessage,
        ]
        self = Int(code) < kinds.count ? kinds[Int(code)] : .other(nil)
    }
}

/// A device of the run, from the top level of `get test-results tests`.
struct XCResultDevice: Sendable {
    var deviceId: String?
    var deviceName: String?
    var modelName: String?
    var osVersion: String?

    /// `iPhone 16 Pro (18.2)`, as fastlane's `device` property reads.
    var label: String? {
        guard let name = deviceName ?? modelName else { return nil }
        return osVersion.map { "\(name) (\($0))" } ?? name
    }
}

/// A test plan configuration of the run.
struct XCResultConfiguration: Sendable {
    var configurationId: String?
    var configurationName: String?
}
