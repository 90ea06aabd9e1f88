import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// Before a lane's first step: every `test:` destination's simulator runtime is one the selected
/// Xcode can run (`xcrun simctl list runtimes -j`, `isAvailable`), else the lane fails here
/// naming the command that installs it, or, with `install_runtime: true`, installs it under the
/// machine's lock. Without this, xcodebuild fails only after the build, with "Unable to find a
/// destination matching the provided destination specifier".
struct RuntimeCheck {
    let context: StepContext
    let tools: TestTools
    let lock: any RuntimeInstallLock
    let schedule: RuntimeDownloadSchedule

    func ensure(_ steps: [Step]) async throws {
        var demands: [RuntimeDemand] = []
        for demand in steps.compactMap({ RuntimeDemand($0, in: context) }) where !demands.contains(demand) { demands.append(demand) }
        // A dry run lists nothing: it runs no test either.
        guard !demands.isEmpty, !context.isDryRun else { return }
        let list = try await listRuntimes()
        var missing: [(RuntimeDemand, String)] = []
        for demand in demands where !Self.isAvailable(demand, in: list) {
            if demand.install {
                try await install(demand)
            } else {
                missing.append((demand, Self.problem(demand, in: list)))
            }
        }
        guard !missing.isEmpty else { return }
        let lines = missing.map { demand, problem in
            "\(problem); install it with: \(installCommandLine(demand)) (or write install_runtime: true in the test step)"
        }
        throw StepFailure(lines.joined(separator: "\n"), reason: .simulatorUnavailable)
    }

    /// Under the lock, the list is read again: another lane or process may have installed it
    /// while this one waited, and `-downloadPlatform` would contact Apple's CDN even then.
    private func install(_ demand: RuntimeDemand) async throws {
        // Never under sudo: a download as root lands where the user's Xcode does not look
        // (actions/runner-images#12758).
        if let user = context.environment["SUDO_USER"], !user.isEmpty {
            throw StepFailure(
                "not installing the \(demand.name) simulator runtime under sudo (SUDO_USER=\(user)): run nightshift as \(user)",
                reason: .simulatorUnavailable)
        }
        let log: @Sendable (String) async -> Void = { [context] in await context.log($0) }
        try await lock.holding(waiting: log) {
            if Self.isAvailable(demand, in: try await listRuntimes()) {
                await context.log("the \(demand.name) simulator runtime is installed now (by another run); not downloading it")
                return
            }
            await context.log("installing the \(demand.name) simulator runtime for \(xcodeName)")
            try await RuntimeInstaller(context: context, xcodebuild: tools.xcodebuild, schedule: schedule).download(demand)
            let after = try await listRuntimes()
            guard Self.isAvailable(demand, in: after) else {
                throw StepFailure(
                    "xcodebuild -downloadPlatform succeeded but \(Self.problem(demand, in: after))", reason: .simulatorUnavailable)
            }
        }
    }

    private func listRuntimes() async throws -> SimulatorRuntimeList {
        try await Self.listRuntimes(shell: context.shell, xcrun: tools.xcrun, xcodeName: xcodeName)
    }

    /// `xcrun simctl list runtimes -j` of the Xcode `shell` selects.
    static func listRuntimes(shell: any ShellRunner, xcrun: String, xcodeName: String) async throws -> SimulatorRuntimeList {
        let listing = try await shell.capture(ShellCommand(xcrun, ["simctl", "list", "runtimes", "-j"]))
        guard listing.succeeded, let list = SimulatorRuntimeList(json: Data(listing.standardOutput.utf8)) else {
            throw StepFailure(
                "simctl could not list the simulator runtimes of \(xcodeName) (\(listing.termination)): \(listing.failureDetail)",
                reason: .simulatorUnavailable)
        }
        return list
    }

    static func isAvailable(_ demand: RuntimeDemand, in list: SimulatorRuntimeList) -> Bool {
        list.runtimes.contains { $0.isAvailable && $0.runsOn(demand.platform) && $0.matches(demand.os) }
    }

    /// Names what is there instead, and why a matching runtime cannot be used when simctl says.
    static func problem(_ demand: RuntimeDemand, in list: SimulatorRuntimeList) -> String {
        let platform = list.runtimes.filter { $0.runsOn(demand.platform) }
        if let broken = platform.first(where: { !$0.isAvailable && $0.matches(demand.os) }) {
            return "the \(broken.name) simulator runtime is not available: \(broken.availabilityError ?? "simctl does not say why")"
        }
        let available = platform.filter(\.isAvailable).map(\.name)
        return "no \(demand.name) simulator runtime is installed for the selected Xcode"
            + (available.isEmpty ? "" : " (it has \(available.joined(separator: ", ")))")
    }

    private var xcodeName: String { context.xcode?.displayName ?? "the selected Xcode" }

    private func installCommandLine(_ demand: RuntimeDemand) -> String { Self.installCommandLine(demand, xcode: context.xcode) }

    /// As the user would type it, with the lane's Xcode when it pins one.
    static func installCommandLine(_ demand: RuntimeDemand, xcode: InstalledXcode?) -> String {
        let line = CommandLineRendering.render(RuntimeInstaller.command(demand, xcodebuild: "xcodebuild"))
        guard let xcode else { return line }
        return "DEVELOPER_DIR=\(CommandLineRendering.quote(xcode.developerDirectory)) " + line
    }
}
