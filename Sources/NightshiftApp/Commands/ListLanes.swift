import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

/// `nightshift lanes`: the lanes with their description, configuration and schedule.
public struct ListLanes: LanesFileCommand {
    public var global: LanesFileOptions

    public init(global: LanesFileOptions) {
        self.global = global
    }

    public func work(in context: CommandContext) async throws -> Int32 {
        context.output.out(LaneListing(file: try context.loadLanesFile()).render())
        return ExitStatus.success
    }
}
