import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
@testable import NightshiftTesting
import Testing

/// Before a lane's first step, each `test:` destination's runtime is one the selected Xcode can
/// run; `install_runtime: true` downloads a missing one under the machine's lock (issue #39).
@Suite("simulator runtimes before the lane", .temporaryDirectory)
struct RuntimeCheckTests {
    let test: TestStepTestContext

    init() throws {
        test = TestStepTestContext(root: try TemporaryDirectory.make("runtimes"))
    }

    /// `simctl list runtimes -j` in Xcode 26's shape (`reference/xcresult/simctl-list-runtimes.fastlane.json`).
    static func runtimes(_ entries: [(name: String, available: Bool)]) -> String {
        let items = entries.map { name, available in
            let parts = name.split(separator: " ")
            let error = available ? "" : #", "availabilityError" : "runtime profile not found""#
            return
                #"{ "buildversion" : "23B80", "platform" : "\#(parts[0])", "identifier" : "com.apple.CoreSimulator.SimRuntime.\#(parts[0])-\#(parts[1].replacingOccurrences(of: ".", with: "-"))", "version" : "\#(parts[1])", "isInternal" : false, "isAvailable" : \#(available), "name" : "\#(name)", "supportedDeviceTypes" : [ ]\#(error) }"#
        }
        return #"{ "runtimes" : [ \#(items.joined(separator: ", ")) ] }"#
    }

    private static let list = ["xcrun", "simctl", "list", "runtimes", "-j"]

    private func step(device: String = "iPhone 17", os: String? = "26.1", install: Bool = false) -> Step {
        var settings = TestStepSettings(
            subject: .xcode(scheme: nil, testPlan: nil, destination: .simulator(device: Template(device), os: os.map { Template($0) })))
        settings.installRuntime = install
        return Step(.test(settings))
    }

    private func context(xcode: InstalledXcode? = nil) -> StepContext {
        var context = test.context(TestStepSettings(subject: .xcode(scheme: nil, testPlan: nil, destination: nil)))
        context.xcode = xcode
        return context
    }

    @Test("an installed, available runtime passes with one listing and nothing else run")
    func installedPasses() async throws {
        await test.scripted.on(
            Self.list, .output([(.standardOutput, Self.runtimes([("iOS 26.1", true), ("iOS 26.2", true)]))], .exited(0)))
        try await TestStepPerformer().preflight([step(), step(os: "26")], in: context())
        #expect(await test.commands == [Self.list])
    }

    @Test("a missing runtime fails before anything runs, naming the command that installs it for the lane's Xcode")
    func missingNamed() async throws {
        await test.scripted.on(
            Self.list, .output([(.standardOutput, Self.runtimes([("iOS 26.2", true), ("tvOS 26.1", true)]))], .exited(0)))
        let xcode = InstalledXcode(
            app: "/Applications/Xcode_26.2.app", version: XcodeVersion(components: [26, 2]), build: "17C52", isBeta: false)
        let error = await #expect(throws: StepFailure.self) { try await TestStepPerformer().preflight([step()], in: context(xcode: xcode)) }
        let message = try #require(error).message
        #expect(message.contains("no iOS 26.1 simulator runtime is installed for the selected Xcode (it has iOS 26.2)"))
        #expect(
            message.contains(
                "install it with: DEVELOPER_DIR=/Applications/Xcode_26.2.app/Contents/Developer xcodebuild -downloadPlatform iOS -buildVersion 26.1"
            ))
        #expect(error?.reason == .simulatorUnavailable)
        #expect(await test.commands == [Self.list])
    }

    @Test("a runtime simctl lists as unavailable is named with simctl's reason")
    func unavailableRuntime() async throws {
        await test.scripted.on(Self.list, .output([(.standardOutput, Self.runtimes([("iOS 26.1", false)]))], .exited(0)))
        let error = await #expect(throws: StepFailure.self) { try await TestStepPerformer().preflight([step()], in: context()) }
        #expect(error?.message.contains("the iOS 26.1 simulator runtime is not available: runtime profile not found") == true)
    }

    @Test("install_runtime downloads a missing runtime, retrying exit 70 after a pause, then lists it again")
    func installRetriesTransientFailure() async throws {
        let before = Self.runtimes([("iOS 26.2", true)])
        let after = Self.runtimes([("iOS 26.1", true), ("iOS 26.2", true)])
        await test.scripted.on(
            Self.list, .output([(.standardOutput, before)], .exited(0)), .output([(.standardOutput, before)], .exited(0)),
            .output([(.standardOutput, after)], .exited(0)))
        await test.scripted.on(
            ["xcodebuild", "-downloadPlatform", "iOS", "-buildVersion", "26.1"],
            .output([(.standardError, "Unable to connect to simulator.\n")], .exited(70)),
            .output([(.standardOutput, "Downloading iOS 26.1 Simulator (23B80): 50.0% (4.2 GB of 8.4 GB)\n")], .exited(0)))
        let check = Task { [test] in
            try await TestStepPerformer().preflight([step(install: true)], in: context())
            _ = test
        }
        await waitUntil("the download waits before its second try") { test.clock.sleeperCount == 1 }
        test.clock.advance(by: .seconds(30))
        try await check.value
        let download = ["xcodebuild", "-downloadPlatform", "iOS", "-buildVersion", "26.1"]
        #expect(await test.commands == [Self.list, Self.list, download, download, Self.list])
        let text = await test.output.standardOutput + test.output.standardError
        #expect(text.contains("Downloading iOS 26.1 Simulator (23B80): 50.0%"))
        #expect(text.contains("exit 70"))
    }

    @Test("install_runtime downloads nothing when the runtime is there")
    func installOnlyWhenMissing() async throws {
        await test.scripted.on(Self.list, .output([(.standardOutput, Self.runtimes([("iOS 26.1", true)]))], .exited(0)))
        try await TestStepPerformer().preflight([step(install: true)], in: context())
        #expect(await test.commands == [Self.list])
    }

    @Test("another failure of the download is not retried, and fails the lane")
    func otherFailureNotRetried() async throws {
        await test.scripted.on(Self.list, .output([(.standardOutput, Self.runtimes([]))], .exited(0)))
        await test.scripted.on(["xcodebuild", "-downloadPlatform", "iOS"], .output([], .exited(1)))
        let error = await #expect(throws: StepFailure.self) {
            try await TestStepPerformer().preflight([step(os: nil, install: true)], in: context())
        }
        #expect(error?.message.contains("xcodebuild -downloadPlatform iOS failed (exit code 1) after 1 attempt") == true)
        #expect(await test.commands.filter { $0.first == "xcodebuild" } == [["xcodebuild", "-downloadPlatform", "iOS"]])
    }

    @Test("never under sudo")
    func refusesSudo() async throws {
        await test.scripted.on(Self.list, .output([(.standardOutput, Self.runtimes([]))], .exited(0)))
        var context = context()
        context.environment = context.environment.merging(["SUDO_USER": "ci"])
        let error = await #expect(throws: StepFailure.self) { try await TestStepPerformer().preflight([step(install: true)], in: context) }
        #expect(error?.message.contains("under sudo") == true)
        #expect(await test.commands == [Self.list])
    }

    @Test("a lane that finds the lock held waits, then lists again and downloads nothing the holder installed")
    func lockSerialisesDownloads() async throws {
        let lock = ProcessRuntimeInstallLock()
        await test.scripted.on(
            Self.list, .output([(.standardOutput, Self.runtimes([]))], .exited(0)),
            .output([(.standardOutput, Self.runtimes([("iOS 26.1", true)]))], .exited(0)))
        let (held, hold) = AsyncStream.makeStream(of: Void.self)
        let output = test.output
        // Another lane's install: holds the lock until this lane says it waits.
        let other = Task {
            try await lock.holding(waiting: { _ in }) {
                hold.yield()
                await waitUntil("the lane waits for the lock") { await output.standardOutput.contains("another lane is installing") }
            }
        }
        for await _ in held { break }
        try await TestStepPerformer(runtimeLock: lock).preflight([step(install: true)], in: context())
        try await other.value
        #expect(await test.commands == [Self.list, Self.list])
        #expect(await output.standardOutput.contains("is installed now (by another run); not downloading it"))
    }
}
