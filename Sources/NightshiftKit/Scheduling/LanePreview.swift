public import Foundation

/// `nightshift next [LANE…]`: each scheduled lane, its spec and its next firing times, in the zone
/// the lane fires in (named in the header).
public enum LanePreview {
    /// - Parameter names: lanes to show; all scheduled lanes when empty.
    public static func lines(for lanes: [ScheduledLane], names: [String] = [], from: Date, count: Int = 5) -> [String] {
        let chosen = names.isEmpty ? lanes : lanes.filter { names.contains($0.name) }
        guard !chosen.isEmpty else { return ["No lane has a schedule."] }
        return chosen.flatMap { lane -> [String] in
            let spec = lane.schedule.cron.replacingOccurrences(of: "\n", with: "\\n")
            let times = lane.spec.firings(atOrAfter: from, count: count, defaultTimeZone: lane.timeZone)
            let header = "\(lane.name)  \(spec)  (seed \(lane.schedule.seed ?? lane.name), \(lane.firingTimeZoneName))"
            let body = times.isEmpty ? ["  never fires"] : times.map { "  " + CronTimeFormat.string(from: $0, in: lane.firingTimeZone) }
            return [header] + body
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
        let start = from.addingTimeInterval(-60)
        let firings = lanes.flatMap { lane in lane.firings(after: start, through: to).filter { $0 >= from }.map { ($0, lane.name) } }
        return firings.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { "\(CronTimeFormat.string(from: $0.0, in: zone)) \($0.1)" }
    }
}
