import Foundation
import NightshiftTesting
import Testing

/// Against the simctl output recorded on real machines (`/work/shared/reference/xcresult`,
/// copied into the fixtures).
@Suite("Simulator choice")
struct SimulatorChoiceTests {
    static func catalog() throws -> SimulatorCatalog {
        let path = Bundle.module.path(forResource: "simctl-list.bitrise", ofType: "json", inDirectory: "Fixtures/simctl")
        let found = try #require(path)
        let data = try #require(FileManager.default.contents(atPath: found))
        return try #require(SimulatorCatalog(json: data))
    }

    @Test("a device and OS that exist: that device type and runtime")
    func exact() throws {
        let choice = try SimulatorChoice.choose(device: "iPhone 8", os: "16.0", in: try Self.catalog())
        #expect(choice.deviceType.identifier == "com.apple.CoreSimulator.SimDeviceType.iPhone-8")
        #expect(choice.runtime.identifier == "com.apple.CoreSimulator.SimRuntime.iOS-16-0")
    }

    @Test("no OS: the newest runtime that runs the device; no device: the newest iPhone")
    func newest() throws {
        let catalog = try Self.catalog()
        let choice = try SimulatorChoice.choose(device: "iPhone 8", os: nil, in: catalog)
        #expect(choice.runtime.version == "16.0")
        let any = try SimulatorChoice.choose(device: nil, os: nil, in: catalog)
        #expect(any.deviceType.name.hasPrefix("iPhone"))
        #expect(any.runtime.platform == "iOS")
    }

    @Test("a misspelt device: did-you-mean and the device types that exist")
    func misspelt() throws {
        #expect {
            try SimulatorChoice.choose(device: "iPhone 8 Plsu", os: nil, in: try Self.catalog())
        } throws: { error in
            let message = (error as? SimulatorChoiceError)?.message ?? ""
            return message.contains("no simulator device type is named 'iPhone 8 Plsu'; did you mean 'iPhone 8 Plus'?")
                && message.contains("device types: iPhone 4s, iPhone 5")
        }
    }

    @Test("an OS that is not installed: the runtimes that are")
    func missingRuntime() throws {
        #expect {
            try SimulatorChoice.choose(device: "iPhone 8", os: "18.2", in: try Self.catalog())
        } throws: { error in
            let message = (error as? SimulatorChoiceError)?.message ?? ""
            return message.hasPrefix("no available runtime has OS 18.2 for 'iPhone 8'; runtimes: iOS 12.4, iOS 13.7")
        }
    }

    @Test("clones: only `Clone N of <ours>`")
    func clones() {
        #expect(SimulatorCommands.isClone("Clone 1 of nightshift-42-1", of: "nightshift-42-1"))
        #expect(SimulatorCommands.isClone("Clone 12 of nightshift-42-1", of: "nightshift-42-1"))
        #expect(!SimulatorCommands.isClone("Clone 1 of nightshift-42-10", of: "nightshift-42-1"))
        #expect(!SimulatorCommands.isClone("Clone x of nightshift-42-1", of: "nightshift-42-1"))
        #expect(!SimulatorCommands.isClone("nightshift-42-1", of: "nightshift-42-1"))
        #expect(!SimulatorCommands.isClone("Clone 1 of iPhone 16", of: "nightshift-42-1"))
    }
}
