public import NightshiftSystem

/// simctl's command lines, as argv arrays through `xcrun`.
public struct SimulatorCommands: Sendable, Hashable {
    public var xcrun: String

    public init(xcrun: String = "xcrun") { self.xcrun = xcrun }

    public var list: ShellCommand { ShellCommand(xcrun, ["simctl", "list", "--json"]) }

    public func create(name: String, deviceType: String, runtime: String) -> ShellCommand {
        ShellCommand(xcrun, ["simctl", "create", name, deviceType, runtime])
    }

    public func boot(_ udid: String) -> ShellCommand { ShellCommand(xcrun, ["simctl", "boot", udid]) }
    /// `-b`: boots it when it is not booting yet, then waits until it has finished booting.
    public func bootStatus(_ udid: String) -> ShellCommand { ShellCommand(xcrun, ["simctl", "bootstatus", udid, "-b"]) }
    public func shutdown(_ udid: String, set: String? = nil) -> ShellCommand { simctl(set, ["shutdown", udid]) }
    public func delete(_ udid: String, set: String? = nil) -> ShellCommand { simctl(set, ["delete", udid]) }

    /// The devices of the default set, or of another: xcodebuild's parallel-testing clones live
    /// in `~/Library/Developer/XCTestDevices`, addressed with `simctl --set <folder>`.
    public func listDevices(set: String? = nil) -> ShellCommand { simctl(set, ["list", "--json", "devices"]) }

    private func simctl(_ set: String?, _ arguments: [String]) -> ShellCommand {
        ShellCommand(xcrun, ["simctl"] + (set.map { ["--set", $0] } ?? []) + arguments)
    }

    /// The device set xcodebuild clones simulators into for parallel testing.
    public static func cloneSet(home: String) -> String { "\(home)/Library/Developer/XCTestDevices" }

    /// xcodebuild names a clone `Clone 1 of <name>`: only clones of `name` match.
    public static func isClone(_ deviceName: String, of name: String) -> Bool {
        guard deviceName.hasPrefix("Clone "), deviceName.hasSuffix(" of \(name)") else { return false }
        let number = deviceName.dropFirst("Clone ".count).dropLast(" of \(name)".count)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
}
