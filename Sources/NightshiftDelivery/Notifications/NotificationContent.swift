import NightshiftCore
import NightshiftEngine

/// What every message says, in words, before Slack's, Teams' or a webhook's shape is put on it.
struct NotificationContent: Sendable {
    /// "ship failed", "ship fixed".
    var title: String
    var outcome: LaneRunSummary.Outcome
    /// Label and value: lane, configuration, version, result, duration, commit.
    var facts: [(label: String, value: String)]
    var failure: (step: String, reason: String)?
    /// "412 passed, 2 failed, 3 skipped, 1 flaky"; nil when the lane ran no tests.
    var tests: String?
    var flaky: [String]
    /// "Upload to TestFlight: TestFlight build 1a2b…".
    var deliveries: [String]
    var buildURL: String?

    init?(_ summary: LaneRunSummary) {
        guard let outcome = summary.outcome else { return nil }
        let result = summary.result
        self.outcome = outcome
        title = "\(result.lane) \(Self.verb(outcome))"
        var facts: [(String, String)] = [("Lane", result.lane)]
        if let configuration = summary.configuration { facts.append(("Configuration", configuration)) }
        let (version, build) = summary.version
        if let version = Self.versionText(version, build) { facts.append(("Version", version)) }
        if let xcode = result.xcode { facts.append(("Xcode", "\(xcode.versionName) (\(xcode.build))")) }
        facts.append(("Result", result.status.rawValue))
        facts.append(("Duration", DurationFormatting.short(result.duration)))
        if let commit = summary.commit { facts.append(("Commit", String(commit.prefix(12)))) }
        self.facts = facts
        failure = summary.failure
        if let found = summary.tests {
            let (tally, flaky) = found
            var counts = ["\(tally.passed) passed", "\(tally.failed) failed"]
            if tally.skipped > 0 { counts.append("\(tally.skipped) skipped") }
            if tally.expectedFailures > 0 { counts.append("\(tally.expectedFailures) expected failures") }
            if tally.flaky > 0 { counts.append("\(tally.flaky) flaky") }
            tests = counts.joined(separator: ", ")
            self.flaky = flaky
        } else {
            (tests, self.flaky) = (nil, [])
        }
        deliveries = summary.deliveries.map { "\($0.step): \($0.facts.joined(separator: ", "))" }
        buildURL = summary.buildURL
    }

    /// A message that is no lane's outcome (`appstore status --notify`): a title and its facts.
    init(title: String, facts: [(label: String, value: String)]) {
        self.title = title
        self.outcome = .passed
        self.facts = facts
        (failure, tests, flaky, deliveries, buildURL) = (nil, nil, [], [], nil)
    }

    static func verb(_ outcome: LaneRunSummary.Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .fixed: "fixed"
        case .failed: "failed"
        case .interrupted: "was interrupted"
        }
    }

    private static func versionText(_ version: String?, _ build: String?) -> String? {
        switch (version, build) {
        case (let version?, let build?): "\(version) (\(build))"
        case (let version?, nil): version
        case (nil, let build?): "build \(build)"
        case (nil, nil): nil
        }
    }

    /// The flaky tests named, each as `rendering` writes it, as many as fit in `budget` UTF-16
    /// units with the count of the rest (`… and 470 more`), so the count is never what a limit
    /// cuts off.
    func flakyList(within budget: Int, rendering: (String) -> String = { $0 }) -> String? {
        guard !flaky.isEmpty else { return nil }
        var shown: [String] = []
        var used = 0
        for (index, name) in flaky.map(rendering).enumerated() {
            let rest = flaky.count - index - 1
            let tail = rest > 0 ? " and \(rest) more".utf16.count + 2 : 0
            guard used + name.utf16.count + tail <= budget else { break }
            shown.append(name)
            used += name.utf16.count + 2
        }
        let list = shown.joined(separator: ", ")
        let rest = flaky.count - shown.count
        guard rest > 0 else { return list }
        return shown.isEmpty ? "\(rest) flaky tests" : "\(list) and \(rest) more"
    }

    /// The message as lines of plain text: Slack's fallback, and what a dry run shows.
    var lines: [String] {
        var lines = [title]
        lines += facts.map { "\($0.label): \($0.value)" }
        if let failure { lines.append("Failed step '\(failure.step)': \(failure.reason)") }
        if let tests { lines.append("Tests: \(tests)") }
        if let flaky = flakyList(within: 1000) { lines.append("Flaky: \(flaky)") }
        lines += deliveries.map { "Delivered by \($0)" }
        if let buildURL { lines.append("Build: \(buildURL)") }
        return lines
    }
}

extension NotificationContent {
    /// Every string masked, before a message cuts any to its destination's limits: a secret cut
    /// in two (`s3cr3t-L… [truncated]`) would no longer be recognised by the mask applied after.
    func masked(by masker: SecretMasker) -> NotificationContent {
        var copy = self
        copy.title = masker.mask(title)
        copy.facts = facts.map { (label: masker.mask($0.label), value: masker.mask($0.value)) }
        copy.failure = failure.map { (step: masker.mask($0.step), reason: masker.mask($0.reason)) }
        copy.tests = tests.map { masker.mask($0) }
        copy.flaky = flaky.map { masker.mask($0) }
        copy.deliveries = deliveries.map { masker.mask($0) }
        copy.buildURL = buildURL.map { masker.mask($0) }
        return copy
    }
}
