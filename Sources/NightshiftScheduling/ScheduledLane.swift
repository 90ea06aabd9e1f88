public import Foundation
public import NightshiftCore
public import NightshiftCron

/// A lane with its schedule read: the parsed spec (seeded with the lane's name unless the schedule
/// names a seed, so a Jenkins job named like the lane fires at the same minutes) and its zone.
public struct ScheduledLane: Sendable, Hashable {
    public var name: String
    public var schedule: Schedule
    public var spec: CronSpec
    /// The zone for lines without `TZ=`: the schedule's `timezone:`, else the system zone.
    public var timeZone: TimeZone
    /// The lane's secret options: a firing hands their values over in the environment.
    public var secretOptions: Set<String> = []

    public init(name: String, schedule: Schedule, systemTimeZone: TimeZone) throws(ScheduleError) {
        self.name = name
        self.schedule = schedule
        do {
            spec = try CronSpec(schedule.cron, seed: schedule.seed ?? name)
        } catch {
            throw ScheduleError.invalidCron(lane: name, error)
        }
        if let identifier = schedule.timeZone {
            guard let zone = TimeZone(identifier: identifier) else { throw ScheduleError.unknownTimeZone(lane: name, identifier) }
            timeZone = zone
        } else {
            timeZone = systemTimeZone
        }
    }

    /// A firing of the lane: the schedule's plain options as words, its secret ones for the
    /// child's environment.
    public func launch(scheduledAt: Date, runID: String) -> LaneLaunch {
        LaneLaunch(
            lane: name, scheduledAt: scheduledAt, runID: runID, options: schedule.options.filter { !secretOptions.contains($0.key) },
            secretOptions: schedule.options.filter { secretOptions.contains($0.key) })
    }

    /// Every lane of the file that has a `schedule:`, in file order.
    public static func all(in lanes: [Lane], systemTimeZone: TimeZone) throws(ScheduleError) -> [ScheduledLane] {
        var scheduled: [ScheduledLane] = []
        for lane in lanes {
            guard let schedule = lane.schedule else { continue }
            var scheduledLane = try ScheduledLane(name: lane.name, schedule: schedule, systemTimeZone: systemTimeZone)
            scheduledLane.secretOptions = Set(lane.options.filter(\.isSecret).map(\.name))
            scheduled.append(scheduledLane)
        }
        return scheduled
    }

    /// The zone the schedule fires in: the spec's `TZ=` line, else `timeZone`.
    public var firingTimeZone: TimeZone {
        spec.timeZone ?? timeZone
    }

    /// Its name, as the `TZ=` line or `timezone:` writes it, else the system zone's identifier.
    public var firingTimeZoneName: String {
        spec.timeZoneIdentifier ?? schedule.timeZone ?? timeZone.displayIdentifier
    }

    public func next(after date: Date) -> Date? {
        spec.next(after: date, defaultTimeZone: timeZone)
    }

    /// Firings in `(start, end]`, in time order.
    public func firings(after start: Date, through end: Date) -> [Date] {
        var result: [Date] = []
        var cursor = start
        while let firing = spec.next(after: cursor, defaultTimeZone: timeZone), firing <= end {
            result.append(firing)
            cursor = firing
        }
        return result
    }
}

/// A schedule that cannot be used.
public enum ScheduleError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidCron(lane: String, CronSyntaxError)
    case unknownTimeZone(lane: String, String)

    public var description: String {
        switch self {
        case .invalidCron(let lane, let error): "lane '\(lane)': \(error)"
        case .unknownTimeZone(let lane, let zone): "lane '\(lane)': unknown time zone '\(zone)'"
        }
    }
}
