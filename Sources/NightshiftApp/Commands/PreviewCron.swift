import Foundation
import NightshiftCore
import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

/// `nightshift cron SPEC`: when a Jenkins cron spec fires, as Jenkins would.
public struct PreviewCron: AppCommand {
    public var spec: String
    public var seed: String?
    public var from: String?
    public var timezone: String?
    public var count: Int
    public var previous: Bool
    public var explain: Bool

    public init(
        spec: String, seed: String? = nil, from: String? = nil, timezone: String? = nil, count: Int = 5,
        previous: Bool = false, explain: Bool = false
    ) {
        self.spec = spec
        self.seed = seed
        self.from = from
        self.timezone = timezone
        self.count = count
        self.previous = previous
        self.explain = explain
    }

    public var lanesFile: LanesFileOptions? { nil }

    /// 0; 2 for a spec Jenkins rejects, an unknown zone or an unreadable time.
    public func work(in context: CommandContext) async throws -> Int32 {
        let zone = try TimeArgument.zone(timezone, fallback: context.systemTimeZone)
        let query = CronQuery(
            spec: spec, seed: seed, from: try TimeArgument.instant(from, in: zone, fallback: context.clock.now),
            timeZone: zone, timeZoneOrigin: timezone == nil ? .system : .option, count: count, previous: previous, explain: explain)
        // Streamed: `--count 10000000` must not hold ten million lines.
        let writer = ChunkedLineWriter(output: context.output)
        try CronPreview.write(
            for: query, line: writer.line,
            note: { note in
                writer.flush()
                context.tell(.note(note))
            })
        writer.flush()
        return ExitStatus.success
    }
}
