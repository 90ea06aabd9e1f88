import NightshiftEngine

/// The walk from xcresulttool's node tree to test cases: `Test Plan` → bundle → suites (nested
/// for Swift Testing) → `Test Case`, which splits into one case per `Arguments`, `Device` and
/// `Test Plan Configuration` child, each with its `Repetition`s or `Test Case Run`s as attempts.
struct XCResultTreeWalk {
    /// The run's devices and test plan configurations, from the top level.
    let devices: [XCResultDevice]
    let configurations: [XCResultConfiguration]

    /// Where a node sits.
    struct Context {
        var bundle = ""
        var suites: [String] = []
        var device: String?
        var configuration: String?
        var argument: String?
        /// How many arguments before it under the same node printed the same.
        var argumentOccurrence: Int?
    }

    /// The context of the children of `node` (of `kind`, not a test case); nil when nothing
    /// under it is a test. `XCResultStreamingWalk` calls it on each node above the test cases,
    /// as it reads them.
    func context(entering node: XCResultNode, kind: XCResultNodeKind, _ context: Context) -> Context? {
        var context = context
        switch kind {
        case .bundle: context.bundle = node.name ?? ""
        case .suite: context.suites.append(node.name ?? "")
        case .device: context.device = deviceLabel(node)
        case .configuration: context.configuration = node.name
        // Messages and attempts outside a test case belong to no test: the summary check sees them.
        case .failureMessage, .repetition, .testCaseRun, .arguments: return nil
        case .testPlan, .testCase, .other: break
        }
        return context
    }

    /// One case per leaf of the test case's splits (argument, device, configuration), or one
    /// for the test case itself.
    func testCase(_ node: XCResultNode, _ context: Context) -> [TestCaseResult] {
        var cases: [TestCaseResult] = []
        split(node, under: node, context, into: &cases)
        return cases
    }

    private func split(_ node: XCResultNode, under test: XCResultNode, _ context: Context, into cases: inout [TestCaseResult]) {
        var splitFound = false
        // Arguments are told apart by position, not by how they print: two values may print
        // alike (two `" "`), and each is a test case of its own, as Apple counts them.
        var printed: [String: Int] = [:]
        for child in node.children {
            var inner = context
            switch child.kind {
            case .arguments:
                let argument = child.name ?? ""
                inner.argument = argument
                let earlier = printed[argument, default: 0]
                inner.argumentOccurrence = earlier == 0 ? nil : earlier
                printed[argument] = earlier + 1
            case .device: inner.device = deviceLabel(child)
            case .configuration: inner.configuration = child.name
            case .testCaseRun, .repetition:
                // A run named after a device or a configuration splits; one named `Retry 1` repeats.
                if let device = matchingDevice(child) {
                    inner.device = device
                } else if let configuration = matchingConfiguration(child) {
                    inner.configuration = configuration
                } else {
                    continue
                }
            default: continue
            }
            splitFound = true
            split(child, under: test, inner, into: &cases)
        }
        guard !splitFound else { return }
        cases.append(makeCase(test, leaf: node, context))
    }

    private func makeCase(_ test: XCResultNode, leaf: XCResultNode, _ context: Context) -> TestCaseResult {
        let identifier: String
        let name: String
        // The suites as the identifier names them (type names, where the nodes may show display
        // names), by position: as many as the tree has suite nodes above the test (all but the
        // last part when it has none), the rest is the test's name, `/` and all (a raw
        // identifier's ``func `half of 1/2`()``).
        var suitePath = context.suites
        if let nodeIdentifier = test.nodeIdentifier, !nodeIdentifier.isEmpty {
            identifier = context.bundle.isEmpty ? nodeIdentifier : "\(context.bundle)/\(nodeIdentifier)"
            let parts = TestNamePath.components(of: nodeIdentifier, separatedBy: "/")
            let suites = context.suites.isEmpty ? parts.count - 1 : min(context.suites.count, parts.count - 1)
            suitePath = Array(parts.prefix(suites))
            name = test.name ?? parts.dropFirst(suites).joined(separator: "/")
        } else {
            name = test.name ?? ""
            identifier = ([context.bundle] + context.suites + [name]).filter { !$0.isEmpty }.joined(separator: "/")
        }
        return TestCaseResult(
            identifier: identifier, bundle: context.bundle, suitePath: suitePath, name: name, argument: context.argument,
            argumentOccurrence: context.argumentOccurrence,
            device: context.device, configuration: context.configuration, attempts: attempts(of: leaf, fallbackDuration: test.seconds))
    }

    /// The leaf's `Repetition`/`Test Case Run` children in order, or the leaf itself as the one attempt.
    private func attempts(of leaf: XCResultNode, fallbackDuration: Double) -> [TestAttempt] {
        let runs = leaf.children.filter { $0.kind == .repetition || $0.kind == .testCaseRun }
        guard !runs.isEmpty else {
            let duration = leaf.durationInSeconds != nil || leaf.duration != nil ? leaf.seconds : fallbackDuration
            return [attempt(leaf, duration: duration, label: nil)]
        }
        return runs.map { attempt($0, duration: $0.seconds, label: $0.name) }
    }

    private func attempt(_ node: XCResultNode, duration: Double, label: String?) -> TestAttempt {
        let messages = node.children.filter { $0.kind == .failureMessage }.map { TestMessageText.parse($0.name ?? "") }
        var outcome = XCResultOutcome.outcome(node.result)
        var notes = messages
        if outcome == nil {
            // `unknown`, absent or a new word: never a pass nightshift did not see.
            notes.append(TestFailureMessage(text: "xcresulttool gave no result for this test (result: \(node.result ?? "none"))"))
            outcome = .failed
        }
        return TestAttempt(outcome: outcome ?? .failed, durationSeconds: duration, messages: notes, label: label)
    }

    private func deviceLabel(_ node: XCResultNode) -> String? {
        guard devices.count != 1 else { return nil }
        return matchingDevice(node) ?? node.name
    }

    /// Only a run on several devices tells its cases apart by device: nightshift runs each shard
    /// and each part of a re-run on a simulator of its own, and one test must stay one case across them.
    private func matchingDevice(_ node: XCResultNode) -> String? {
        guard devices.count > 1 else { return nil }
        let match = devices.first { device in
            (node.nodeIdentifier != nil && device.deviceId == node.nodeIdentifier) || (node.name != nil && device.deviceName == node.name)
                || (node.name != nil && device.label == node.name)
        }
        return match?.label
    }

    private func matchingConfiguration(_ node: XCResultNode) -> String? {
        guard configurations.count > 1 else { return nil }
        return configurations.first { $0.configurationName == node.name }?.configurationName
    }
}

/// xcresulttool's `result` words.
enum XCResultOutcome {
    static func outcome(_ result: String?) -> TestOutcome? {
        switch result {
        case "Passed": .passed
        case "Failed": .failed
        case "Skipped": .skipped
        case "Expected Failure": .expectedFailure
        default: nil
        }
    }
}
