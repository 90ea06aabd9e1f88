public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// `nightshift doctor`'s question to the runtime check: which simulator runtimes the `test:`
/// steps need that their Xcode lacks, read as `run`'s preflight reads them. It installs nothing,
/// whatever `install_runtime:` says: doctor only looks.
public struct RuntimeSurvey: Sendable {
    public enum Finding: Sendable, Hashable {
        /// No step names a runtime nightshift can check (no simulator destination).
        case noneNeeded
        /// Each needed runtime is there: their names (`iOS 26.1`).
        case available([String])
        /// The runtimes that are not, each with the command that installs it.
        case missing([MissingRuntime])
        /// simctl could not list the runtimes (not a Mac, or an Xcode that does not start): why.
        case unlisted(String)
    }

    public struct MissingRuntime: Sendable, Hashable {
        /// As `run` says it: "no iOS 26.1 simulator runtime is installed for the selected Xcode (it has iOS 26.2)".
        public var problem: String
        public var installCommand: String
    }

    let shell: any ShellRunner
    let tools: TestTools

    public init(shell: any ShellRunner, tools: TestTools = TestTools()) {
        self.shell = shell
        self.tools = tools
    }

    /// `steps`: the `test:` steps run with `xcode` (nil: the machine's selected one).
    public func survey(_ steps: [Step], environment: EnvironmentVariables, xcode: InstalledXcode?) async -> Finding {
        var demands: [RuntimeDemand] = []
        for demand in steps.compactMap({ RuntimeDemand($0, resolve: { $0.expand(in: environment) }) }) where !demands.contains(demand) {
            demands.append(demand)
        }
        guard !demands.isEmpty else { return .noneNeeded }
        let list: SimulatorRuntimeList
        do {
            list = try await RuntimeCheck.listRuntimes(
                shell: XcodeShell.wrapping(shell, for: xcode), xcrun: tools.xcrun, xcodeName: xcode?.displayName ?? "the selected Xcode")
        } catch let failure as StepFailure {
            return .unlisted(failure.message)
        } catch {
            return .unlisted("\(tools.xcrun) cannot be started: \(error)")
        }
        let missing = demands.filter { !RuntimeCheck.isAvailable($0, in: list) }.map { demand in
            MissingRuntime(
                problem: RuntimeCheck.problem(demand, in: list), installCommand: RuntimeCheck.installCommandLine(demand, xcode: xcode))
        }
        return missing.isEmpty ? .available(demands.map(\.name)) : .missing(missing)
    }
}
