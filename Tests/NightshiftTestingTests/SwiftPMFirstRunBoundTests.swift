import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
@testable import NightshiftTesting
import Testing

/// `swift test`'s first run names `only:`'s tests within the command line's bound, as its
/// re-runs do: a Mac's kernel refuses a longer one before the tool starts (E2BIG).
@Suite("swift test's first run within the command line's bound", .temporaryDirectory)
struct SwiftPMFirstRunBoundTests {
    /// 20,000 names of 60-odd bytes: about 2 MB of `--filter`s, four times what one command may take.
    static let only = (0..<20_000).map { TestIdentifier("LedgerTests.RoundingSuiteWithAVeryLongName\($0)/testRoundingHalfAwayFromZero") }

    static func fixture() throws -> TestStepTestContext {
        let root = try TemporaryDirectory.make()
        try "// swift-tools-version:6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        return TestStepTestContext(root: root)
    }

    @Test("20,000 only: names: several invocations, each a Mac would start, every name once, the skips in each")
    func onlySplit() async throws {
        let fixture = try Self.fixture()
        await fixture.scripted.on(["swift", "test"], .succeeds)
        let settings = TestStepSettings(subject: .package(Template(".")), only: Self.only, skip: [TestIdentifier("LedgerTests.Slow")])
        _ = try? await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        let runs = await fixture.commands.filter { $0.starts(with: ["swift", "test"]) }
        #expect(runs.count > 1)
        for (index, run) in runs.enumerated() {
            #expect(ArgumentLimitShell.size(of: ShellCommand(run[0], Array(run.dropFirst()))) <= ArgumentLimitShell.macOSArgumentMaximum)
            #expect(run.contains { $0.hasSuffix("/xunit-1-\(index + 1).xml") })
            #expect(Self.values(of: "--skip", in: run) == [SwiftPMTestCommands.prefixFilter("LedgerTests.Slow")])
        }
        let named = runs.flatMap { Self.values(of: "--filter", in: $0) }.joined(separator: "|")
        #expect(named == Self.only.map { SwiftPMTestCommands.prefixFilter($0.text) }.joined(separator: "|"))
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("a few only: names: one invocation, each name its own --filter, as before")
    func fewNames() async throws {
        let fixture = try Self.fixture()
        await fixture.scripted.on(["swift", "test"], .succeeds)
        let settings = TestStepSettings(subject: .package(Template(".")), only: [TestIdentifier("A.B"), TestIdentifier("A.C/d")])
        _ = try? await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        let runs = await fixture.commands.filter { $0.starts(with: ["swift", "test"]) }
        #expect(runs.count == 1)
        #expect(runs.first.map { Self.values(of: "--filter", in: $0) } == ["^A\\.B([./]|$)", "^A\\.C/d([./]|$)"])
        #expect(runs.first?.contains { $0.hasSuffix("/xunit-1.xml") } == true)
    }

    @Test("coverage over a first run that needs several invocations, or skips past the bound: refused before swift test runs")
    func refused() async throws {
        let fixture = try Self.fixture()
        let covered = TestStepSettings(subject: .package(Template(".")), only: Self.only, coverageMinimum: 50)
        await #expect(throws: StepFailure.self) {
            try await TestStepPerformer().perform(Step(.test(covered)), in: fixture.context(covered))
        }
        let skipping = TestStepSettings(subject: .package(Template(".")), skip: Self.only)
        let failure = await #expect(throws: StepFailure.self) {
            try await TestStepPerformer().perform(Step(.test(skipping)), in: fixture.context(skipping))
        }
        #expect(failure?.message.hasPrefix("test.skip: 20000 names take ") == true, "\(String(describing: failure))")
        #expect(await fixture.commands.filter { $0.starts(with: ["swift", "test"]) }.isEmpty)
    }

    static func values(of flag: String, in arguments: [String]) -> [String] {
        zip(arguments, arguments.dropFirst()).filter { $0.0 == flag }.map(\.1)
    }
}
