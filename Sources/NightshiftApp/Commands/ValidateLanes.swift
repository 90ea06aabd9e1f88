import NightshiftApple
import NightshiftCore
import NightshiftEngine
import NightshiftLanes
import NightshiftScheduling
import NightshiftSystem

/// `nightshift validate [LANE]`: checks the lanes file and every reference in it (exit 0 or 2),
/// and warns about the signing files `run` would refuse because they are missing. With a lane,
/// also what `run LANE` checks before its first step without needing the machine: every variable
/// it reads is set (names only), in run's words and with its exit status.
public struct ValidateLanes: LanesFileCommand {
    public var global: LanesFileOptions
    public var lane: String?

    public init(global: LanesFileOptions, lane: String? = nil) {
        self.global = global
        self.lane = lane
    }

    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let environment = try context.loadEnvironment()
        if let lane {
            let found = try LanePreflight.lane(named: lane, in: file)
            let problems = LanePreflight.variableProblems(
                of: found, in: LaneCallGraph(file: file), environment: environment, ci: context.ci)
            if !problems.isEmpty { throw RunPreparationError(problems) }
        }
        // Warnings, not errors: CI validates where the signing files are not (see SigningFilesCheck).
        let signing = SigningFilesCheck.diagnostics(
            file, environment: environment, files: LocalSigningFileSystem(directory: context.runDirectory))
        if !signing.isEmpty { context.output.err(context.printer.render(signing)) }
        let lanes = file.lanes.count, configurations = file.configurations.count
        context.output.out(
            "\(file.path): \(lanes) lane\(lanes == 1 ? "" : "s"), \(configurations) configuration\(configurations == 1 ? "" : "s"): OK\n")
        return ExitStatus.success
    }
}
