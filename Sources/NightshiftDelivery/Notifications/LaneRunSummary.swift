import Foundation
public import NightshiftEngine
import NightshiftCore

/// One lane's run as a notification tells it: what a person needs and nothing more. The App
/// builds it once the lane ended, from the lane's result, the lanes file (the configuration), the
/// run history (the previous outcome), the run's journal (the commit) and the CI engine
/// (`BUILD_URL`); every message is rendered from it.
public struct LaneRunSummary: Sendable {
    public var result: LaneResult
    /// The lane's `configuration:`, when it names one.
    public var configuration: String?
    /// Whether the lane's previous run in the run history failed: a pass is then `fixed`.
    public var previousRunFailed: Bool
    /// The commit the lanes file's repository was at.
    public var commit: String?
    /// The CI build's page (Jenkins' `BUILD_URL`).
    public var buildURL: String?

    public init(result: LaneResult, configuration: String?, previousRunFailed: Bool, commit: String?, buildURL: String?) {
        self.result = result
        self.configuration = configuration
        self.previousRunFailed = previousRunFailed
        self.commit = commit
        self.buildURL = buildURL
    }

    /// How the lane ended, in a notification's words; nil for a lane that never started.
    public var outcome: Outcome? {
        switch result.status {
        case .passed, .passedWithWarnings: previousRunFailed ? .fixed : .passed
        case .failed: .failed
        case .interrupted: .interrupted
        case .notRun: nil
        }
    }

    public enum Outcome: String, Sendable, Hashable {
        case passed, fixed, failed, interrupted
    }

    /// `version` and `build_number` of the last archive step that reported them.
    public var version: (version: String?, build: String?) {
        let archive = result.steps.last {
            $0.kind == .step(.archive) && ($0.details["version"] != nil || $0.details["build_number"] != nil)
        }
        return (archive?.details["version"], archive?.details["build_number"])
    }

    /// What the uploads that passed reported: TestFlight's build id, Firebase's release URL.
    public var deliveries: [Delivery] {
        result.steps.filter { $0.kind == .step(.upload) && $0.status == .passed }.compactMap { step in
            let facts = Delivery.describedKeys.compactMap { key, label in step.details[key].map { "\(label) \($0)" } }
            return facts.isEmpty ? nil : Delivery(step: step.name, facts: facts)
        }
    }

    public struct Delivery: Sendable, Hashable {
        public var step: String
        /// "TestFlight build 1a2b…", "Firebase release https://…".
        public var facts: [String]

        /// The upload details worth a person's attention, in the order they are told.
        static let describedKeys: [(String, String)] = [("build_id", "TestFlight build"), ("release_url", "Firebase release")]
    }

    /// Every test step's counts together, with the flaky tests' names; nil when no step tested.
    public var tests: (tally: TestTally, flaky: [String])? {
        let reports = result.steps.compactMap(\.tests)
        guard !reports.isEmpty else { return nil }
        let tally = reports.map(\.tally).reduce(TestTally(), +)
        let flaky = reports.flatMap { $0.tests.filter { $0.isFlaky && $0.outcome.isPass } }.map { test in
            test.variant.map { "\(test.identifier) (\($0))" } ?? test.identifier
        }
        return (tally, flaky)
    }

    /// The step that decided the lane's result, and the first line of why.
    public var failure: (step: String, reason: String)? {
        guard let step = result.firstFailure else { return nil }
        let firstLine = (step.message ?? step.status.rawValue).split(whereSeparator: \.isNewline).first.map(String.init)
        return (step.name, firstLine ?? step.status.rawValue)
    }
}
