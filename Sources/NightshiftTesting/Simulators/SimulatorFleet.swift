internal import Foundation
import NightshiftCore
public import NightshiftEngine
import NightshiftSystem

/// The fresh simulators of one `test:` step: created by name (`nightshift-<run-id>-<shard>`),
/// each deletion registered on the lane's cleanup stack the moment simctl reports its UDID, so
/// it is deleted however the lane ends (failure, SIGTERM, SIGHUP, within `cleanup_timeout`).
/// Only the UDIDs created here, and the clones xcodebuild made of them, are ever touched.
public struct SimulatorFleet: Sendable {
    public struct Simulator: Sendable, Hashable {
        public var name: String
        public var udid: String
    }

    let commands: SimulatorCommands
    let context: StepContext
    /// Deleted at the step's end: the lane's cleanup then leaves them alone.
    private let deleted = DeletedSimulators()

    public init(commands: SimulatorCommands, context: StepContext) {
        self.commands = commands
        self.context = context
    }

    /// `nightshift-<run-id>-<shard>`, and the step's number when a lane has several test steps.
    public static func name(runID: String, step: String, shard: Int) -> String { "nightshift-\(runID)-\(step)\(shard)" }

    /// Creates one simulator per name. A dry run cannot know the UDIDs: it prints the commands
    /// with placeholders.
    public func create(_ names: [String], choice: SimulatorChoice) async throws -> [Simulator] {
        await registerCloneCleanup(of: names)
        var created: [Simulator] = []
        for name in names {
            let command = commands.create(name: name, deviceType: choice.deviceType.identifier, runtime: choice.runtime.identifier)
            if context.isDryRun {
                _ = try await context.shell.run(command) { _, _ in }
                let placeholder = Simulator(name: name, udid: "<udid of \(name)>")
                await registerDeletion(of: placeholder)
                created.append(placeholder)
                continue
            }
            await context.log("$ " + CommandLineRendering.render(command))
            // CoreSimulator makes the device before simctl prints its UDID: until it has, only
            // the run's own name finds it (a SIGTERM, a create that failed late).
            await registerUnreportedDeletion(of: name)
            let result = try await context.shell.capture(command, forwarding: [.standardError], to: context.emit)
            let udid = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            guard result.succeeded, UUID(uuidString: udid) != nil else {
                throw StepFailure(
                    "simctl could not create the simulator \(name) (\(choice.deviceType.name), \(choice.runtime.name)): "
                        + (result.succeeded ? "it printed no UDID" : "\(result.termination)"), reason: .stepFailed)
            }
            let simulator = Simulator(name: name, udid: udid)
            await Self.reported.insert(udid)
            await context.cleanup.discard(named: Self.unreportedDeletionName(name))
            await registerDeletion(of: simulator)
            created.append(simulator)
        }
        return created
    }

    /// Boots them side by side, each within `limit`; the first that fails or times out fails the step.
    public func boot(_ simulators: [Simulator], within limit: Duration) async throws {
        if context.isDryRun {
            for simulator in simulators { try await boot(simulator, within: limit) }
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for simulator in simulators {
                group.addTask { try await boot(simulator, within: limit) }
            }
            try await group.waitForAll()
        }
    }

    private func boot(_ simulator: Simulator, within limit: Duration) async throws {
        let outcome = try await withTimeLimit(limit, on: context.clock) {
            let boot = try await context.run(commands.boot(simulator.udid))
            guard boot.succeeded else { return boot }
            return try await context.run(commands.bootStatus(simulator.udid))
        }
        switch outcome {
        case .timedOut:
            throw StepFailure(
                "the simulator \(simulator.name) did not finish booting within \(DurationFormatting.short(limit)) (boot_timeout)",
                reason: .timeout)
        case .finished(let termination) where !termination.succeeded:
            throw StepFailure("the simulator \(simulator.name) did not boot: simctl \(termination)", reason: .stepFailed)
        case .finished:
            break
        }
    }

    /// At the step's end: the simulators do not outlive the tests they ran (a lane with two
    /// test steps would otherwise keep both sets booted).
    public func deleteAll(_ simulators: [Simulator]) async throws {
        for simulator in simulators {
            _ = try await context.run(commands.shutdown(simulator.udid))
            let termination = try await context.run(commands.delete(simulator.udid))
            if termination.succeeded {
                await deleted.insert(simulator.udid)
                await context.cleanup.discard(named: Self.deletionName(simulator))
            }
        }
    }

    static func deletionName(_ simulator: Simulator) -> String { "delete simulator \(simulator.name)" }

    private func registerDeletion(of simulator: Simulator) async {
        let (commands, shell, deleted) = (commands, context.shell, deleted)
        await context.cleanup.push(
            Self.deletionName(simulator),
            leftBehind: "the simulator \(simulator.name); remove it with: xcrun simctl delete \(simulator.udid)"
        ) {
            if await deleted.contains(simulator.udid) { return }
            // Shutting down a simulator that is not booted fails harmlessly; the deletion is what counts.
            _ = try await shell.run(commands.shutdown(simulator.udid)) { _, _ in }
            let deleted = try await shell.run(commands.delete(simulator.udid)) { _, _ in }
            if !deleted.succeeded { throw StepFailure("simctl delete \(simulator.udid) \(deleted)") }
        }
    }

    static func unreportedDeletionName(_ name: String) -> String { "delete simulator \(name) if simctl made it" }

    /// Every UDID simctl printed to this process. Lanes run with `--parallel` share the run's id,
    /// so another lane's test step may have a simulator of the same name, in use: it is never
    /// one whose UDID did not come.
    static let reported = DeletedSimulators()

    /// Deletes the devices of the default set named `name` exactly whose UDID simctl never
    /// printed: the name holds the run's id, so such a device is this run's, made by a create
    /// cut short.
    private func registerUnreportedDeletion(of name: String) async {
        let (commands, shell) = (commands, context.shell)
        await context.cleanup.push(
            Self.unreportedDeletionName(name),
            leftBehind: "a simulator named \(name) if simctl made one; find it with: xcrun simctl list devices \(name)"
        ) {
            let listed = try await shell.capture(commands.listDevices())
            guard listed.succeeded, let catalog = SimulatorCatalog(json: Data(listed.standardOutput.utf8)) else {
                throw StepFailure("simctl could not list the devices (\(listed.termination))")
            }
            for device in catalog.devices where device.name == name {
                if await Self.reported.contains(device.udid) { continue }
                _ = try await shell.run(commands.shutdown(device.udid)) { _, _ in }
                let deleted = try await shell.run(commands.delete(device.udid)) { _, _ in }
                if !deleted.succeeded { throw StepFailure("simctl delete \(device.udid) \(deleted)") }
            }
        }
    }

    /// xcodebuild runs the shards with `-parallel-testing-enabled NO`, so it should clone none;
    /// a test plan can still turn parallel testing on, so clones of our simulators are looked
    /// for in its device set and deleted too. Registered before the first create: it runs last.
    private func registerCloneCleanup(of names: [String]) async {
        guard let home = context.environment["HOME"], !home.isEmpty else { return }
        let set = SimulatorCommands.cloneSet(home: home)
        let (commands, shell, isDryRun) = (commands, context.shell, context.isDryRun)
        await context.cleanup.push("delete xcodebuild's clones of the test simulators") {
            let listed = try await shell.capture(commands.listDevices(set: set))
            // A dry run lists nothing: it says what it would delete.
            if isDryRun {
                for name in names { _ = try await shell.run(commands.delete("<udid of each 'Clone N of \(name)'>", set: set)) { _, _ in } }
                return
            }
            guard listed.succeeded, let catalog = SimulatorCatalog(json: Data(listed.standardOutput.utf8)) else { return }
            for clone in catalog.devices where names.contains(where: { SimulatorCommands.isClone(clone.name, of: $0) }) {
                _ = try await shell.run(commands.shutdown(clone.udid, set: set)) { _, _ in }
                _ = try await shell.run(commands.delete(clone.udid, set: set)) { _, _ in }
            }
        }
    }
}

/// A set of simulator UDIDs: those a step already deleted, those simctl printed.
actor DeletedSimulators {
    private var udids: Set<String> = []
    func insert(_ udid: String) { udids.insert(udid) }
    func contains(_ udid: String) -> Bool { udids.contains(udid) }
}
