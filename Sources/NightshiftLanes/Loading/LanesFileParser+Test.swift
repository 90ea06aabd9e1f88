import NightshiftCore
import NightshiftSchema
import Yams

extension LanesFileParser {
    static let testKeys = LanesKeys.test.names
    static let testDestinationKeys = LanesKeys.testDestination.names
    static let coverageKeys = LanesKeys.coverage.names
    /// What only an Xcode scheme's tests take: `package:` cannot go with them.
    static let xcodeOnlyTestKeys = ["scheme", "test_plan", "destination", "shards", "boot_timeout", "install_runtime"]

    /// `test:` as a mapping; `- test` and `test: {}` test `project.scheme` with the defaults.
    func parseTest(_ node: Node) -> TestStepSettings? {
        let location = reader.location(of: node)
        if reader.isNull(node) {
            return TestStepSettings(subject: .xcode(scheme: nil, testPlan: nil, destination: nil), location: location)
        }
        guard let pairs = reader.mapping(node, in: "test", known: Self.testKeys) else { return nil }
        var settings = TestStepSettings(subject: .xcode(scheme: nil, testPlan: nil, destination: nil), location: location)
        var scheme: Template?
        var testPlan: Template?
        var destination: TestDestination?
        var package: Template?
        for (key, _, value) in pairs {
            switch key {
            case "scheme": scheme = reader.template(value, "test.scheme")
            case "test_plan": testPlan = reader.template(value, "test.test_plan")
            case "destination": destination = parseTestDestination(value)
            case "package": package = reader.template(value, "test.package")
            case "only": settings.only = testIdentifiers(value, "test.only")
            case "skip": settings.skip = testIdentifiers(value, "test.skip")
            case "retries":
                settings.retries = reader.integer(value, "test.retries", maximum: TestStepSettings.mostRetries) ?? 0
            case "shards":
                settings.shards = reader.integer(value, "test.shards", minimum: 1, maximum: TestStepSettings.mostShards) ?? 1
            case "coverage": settings.coverageMinimum = parseCoverage(value)
            case "junit": settings.junit = reportPath(value)
            case "boot_timeout": settings.bootTimeout = reader.duration(value, "test.boot_timeout") ?? TestStepSettings.defaultBootTimeout
            case "install_runtime": settings.installRuntime = reader.bool(value, "test.install_runtime") ?? false
            default: break
            }
        }
        if let package {
            for pair in pairs where Self.xcodeOnlyTestKeys.contains(pair.key) {
                bag.error(
                    "'\(pair.key)' has no meaning with 'package:' in test", at: reader.location(of: pair.keyNode),
                    notes: ["'package:' runs 'swift test' in that folder: no scheme, simulator or shard; drop one of the two"])
            }
            settings.subject = .package(package)
        } else {
            settings.subject = .xcode(scheme: scheme, testPlan: testPlan, destination: destination)
            if case .raw = destination, settings.shards > 1, let shards = pairs.first(where: { $0.key == "shards" }) {
                bag.error(
                    "test.shards needs simulators nightshift creates, not a raw destination", at: reader.location(of: shards.value),
                    notes: ["write the destination as { device: iPhone 16, os: \"18.2\" }, or drop 'shards:'"])
            }
        }
        return settings
    }

    private func parseTestDestination(_ node: Node) -> TestDestination? {
        if case .scalar = node { return reader.template(node, "test.destination").map(TestDestination.raw) }
        guard let pairs = reader.mapping(node, in: "test.destination", known: Self.testDestinationKeys) else { return nil }
        require(LanesKeys.testDestination.requiredNames, in: pairs, of: node, context: "test.destination", known: Self.testDestinationKeys)
        var device: Template?
        var os: Template?
        for (key, _, value) in pairs {
            // `os: 18.2` is read by YAML as a number: taken as the text written.
            let template = reader.scalarText(value, "test.destination.\(key)")
            if key == "device" { device = template } else { os = template }
        }
        return device.map { TestDestination.simulator(device: $0, os: os) }
    }

    private func testIdentifiers(_ node: Node, _ what: String) -> [TestIdentifier] {
        (reader.stringList(node, what) ?? []).compactMap { text, item in
            if let problem = TestIdentifier.problem(with: text) {
                bag.error(
                    "each entry of \(what) names a test as Target, Target/Class or Target/Class/test; '\(text)' \(problem)",
                    at: reader.location(of: item))
                return nil
            }
            return TestIdentifier(text)
        }
    }

    /// `coverage: { minimum: 70% }`, or `coverage: true` to measure with no floor.
    private func parseCoverage(_ node: Node) -> Double? {
        if case .scalar = node {
            return reader.bool(node, "test.coverage") == true ? 0 : nil
        }
        guard let pairs = reader.mapping(node, in: "test.coverage", known: Self.coverageKeys) else { return nil }
        require(LanesKeys.coverage.requiredNames, in: pairs, of: node, context: "test.coverage", known: Self.coverageKeys)
        guard let value = pairs.first?.value else { return nil }
        guard case .scalar(let scalar) = value, let percentage = TestStepValues.percentage(scalar.string) else {
            bag.error(
                "test.coverage.minimum must be a percentage from 0% to 100%, found \(reader.describe(value))",
                at: reader.location(of: value),
                notes: ["e.g. 'minimum: 70%' or 'minimum: 92.5%'"])
            return nil
        }
        return percentage
    }

    private func reportPath(_ node: Node) -> Template? {
        guard let template = reader.template(node, "test.junit") else { return nil }
        // With `${…}` it is checked once interpolated, by the same rule.
        if template.references.isEmpty, let problem = TestStepValues.reportPathProblem(template.raw) {
            bag.error("test.junit \(problem), found '\(template.raw)'", at: reader.location(of: node))
            return nil
        }
        return template
    }
}
