import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

/// `nightshift lanes`: the lanes with their description, configuration and schedule.
public struct ListLanes: AppCommand {
    public var global: LanesFileOptions

    public init(global: LanesFileOptions) {
        self.global = global
    }

    public func execute(in environment: CommandEnvironment) async -> Int32 {
        await perform(in: environment)
    }

    var lanesFile: LanesFileOptions? { global }

    func work(in context: CommandContext) async throws -> Int32 {
        context.output.out(LaneListing(file: try context.loadLanesFile()).render())
        return ExitStatus.success
    }
}
