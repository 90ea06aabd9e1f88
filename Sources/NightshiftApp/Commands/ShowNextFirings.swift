import NightshiftCore
import Foundation
import NightshiftScheduling
import NightshiftSystem

/// `nightshift next [LANE…]`: each scheduled lane's spec and its next firings.
public struct ShowNextFirings: LanesFileCommand {
    public var global: LanesFileOptions
    public var lanes: [String]
    public var count: Int
    /// ISO 8601, else now.
    public var from: String?

    public init(global: LanesFileOptions, lanes: [String] = [], count: Int = 5, from: String? = nil) {
        self.global = global
        self.lanes = lanes
        self.count = count
        self.from = from
    }

    /// 0; 2 for a bad lanes file, a lane that is missing or unscheduled, or an unreadable time.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let problems = LanePreview.problems(naming: lanes, in: file)
        guard problems.isEmpty else {
            throw CommandFailure(problems.map { .error($0, at: nil) }, status: ExitStatus.usage, countsErrors: false)
        }
        let start = try TimeArgument.instant(from, in: context.systemTimeZone, fallback: context.clock.now)
        let scheduled = try ScheduledLane.all(in: file.lanes, systemTimeZone: context.systemTimeZone)
        let lines = LanePreview.lines(for: scheduled, names: lanes, from: start, count: count)
        context.output.out(lines.joined(separator: "\n") + "\n")
        return ExitStatus.success
    }
}
