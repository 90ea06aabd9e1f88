import NightshiftCore
import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

/// `nightshift lanes`: the lanes with their description, configuration and schedule;
/// `nightshift lanes LANE`: that lane's options.
public struct ListLanes: LanesFileCommand {
    public var global: LanesFileOptions
    public var lane: String?

    public init(global: LanesFileOptions, lane: String? = nil) {
        self.global = global
        self.lane = lane
    }

    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        guard let name = lane else {
            context.output.out(LaneListing(file: file).render())
            return ExitStatus.success
        }
        guard let found = file.lane(named: name) else {
            let names = file.lanes.map(\.name)
            throw CommandFailure(
                [
                    .error(
                        "no lane named '\(name)'", at: nil,
                        notes: Suggestion.note(for: name, among: names) + ["lanes: \(names.joined(separator: ", "))"])
                ],
                status: ExitStatus.usage)
        }
        context.output.out(LaneOptionsHelp(lane: found).render())
        return ExitStatus.success
    }
}
