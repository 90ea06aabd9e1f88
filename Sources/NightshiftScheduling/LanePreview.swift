public import Foundation
public import NightshiftCore
import NightshiftCron

/// `nightshift next [LANE…]`: each scheduled lane, its spec and its next firing times, in the zone
/// the lane fires in (named in the header).
public enum LanePreview {
    /// - Parameter names: lanes to show; all scheduled lanes when empty.
    public static func lines(for lanes: [ScheduledLane], names: [String] = [], from: Date, count: Int = 5) -> [String] {
        let chosen = names.isEmpty ? lanes : lanes.filter { names.contains($0.name) }
        guard !chosen.isEmpty else { return ["No lane has a schedule."] }
        return chosen.flatMap { lane -> [String] in
            let spec = lane.schedule.cron.replacingOccurrences(of: "\n", with: "\\n")
            let found = lane.spec.firings(atOrAfter: from, count: count, defaultTimeZone: lane.timeZone)
            let times = found.prefix { CronTimeFormat.isReadable($0, in: lane.firingTimeZone) }
            let header = "\(lane.name)  \(spec)  (seed \(lane.schedule.seed ?? lane.name), \(lane.firingTimeZoneName))"
            let body = found.isEmpty ? ["  never fires"] : times.map { "  " + CronTimeFormat.string(from: $0, in: lane.firingTimeZone) }
            return [header] + body + (times.count < found.count ? ["  (\(CronTimeFormat.endOfTimeNote))"] : [])
        }
    }
}

extension LanePreview {
    /// What is wrong with the lanes named on the command line: unknown lanes (with the closest
    /// name) and lanes that have no schedule.
    public static func problems(naming names: [String], in file: LanesFile) -> [String] {
        names.compactMap { name in
            guard let lane = file.lane(named: name) else {
                let suggestion = Suggestion.closest(to: name, among: file.lanes.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                return "no lane named '\(name)'\(suggestion)"
            }
            return lane.schedule == nil ? "lane '\(name)' has no schedule" : nil
        }
    }
}

/// `nightshift schedule --simulate --from T1 --to T2`: every firing in the window, in time order,
/// as `<ISO-8601 time> <lane>`; nothing runs.
public enum ScheduleSimulation {
    /// Firings in `[from, to]`, printed in `zone`.
    public static func lines(for lanes: [ScheduledLane], from: Date, to: Date, zone: TimeZone) -> [String] {
        var lines: [String] = []
        write(for: lanes, from: from, to: to, zone: zone, line: { lines.append($0) }, note: { _ in })
        return lines
    }

    /// `lines(for:…)` handed out one at a time, merging the lanes' firings as they are found, so
    /// memory stays flat over any window (ten years of a per-minute lane are five million lines).
    public static func write(
        for lanes: [ScheduledLane], from: Date, to: Date, zone: TimeZone,
        line: (String) -> Void, note: (String) -> Void
    ) {
        // Each lane's next firing in the window; the earliest (then by name) is printed next.
        var heads: [(date: Date, lane: Int)] = lanes.indices.compactMap { index in
            var first = lanes[index].next(after: from.addingTimeInterval(-60))
            while let date = first, date < from { first = lanes[index].next(after: date) }
            return first.flatMap { $0 <= to ? ($0, index) : nil }
        }
        while let earliest = heads.indices.min(by: {
            (heads[$0].date, lanes[heads[$0].lane].name) < (heads[$1].date, lanes[heads[$1].lane].name)
        }) {
            let (date, index) = heads[earliest]
            guard CronTimeFormat.isReadable(date, in: zone) else {
                note(CronTimeFormat.endOfTimeNote)
                return
            }
            line("\(CronTimeFormat.string(from: date, in: zone)) \(lanes[index].name)")
            if let next = lanes[index].next(after: date), next <= to { heads[earliest].date = next } else { heads.remove(at: earliest) }
        }
    }
}
