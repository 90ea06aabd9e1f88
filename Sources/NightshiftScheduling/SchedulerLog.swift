public import Foundation
public import NightshiftCore
import NightshiftCron
public import NightshiftSystem

/// What the daemon reports as it goes (start, end, result, skips, reload problems).
public struct SchedulerLog: Sendable {
    private let output: any OutputSink
    private let zone: TimeZone
    private let clock: any WallClock

    public init(output: any OutputSink, clock: any WallClock, zone: TimeZone) {
        self.output = output
        self.clock = clock
        self.zone = zone
    }

    func info(_ message: String) {
        output.write("\(stamp(clock.now)) \(message)\n", to: .standardOutput)
    }

    /// On standard error; the daemon's composition root reports through it too.
    public func problem(_ message: String) {
        output.write("\(stamp(clock.now)) \(message)\n", to: .standardError)
    }

    /// A problem as `Diagnostic` renders it (`error: …`), stamped.
    public func problem(_ diagnostic: Diagnostic) {
        problem(diagnostic.description)
    }

    /// `date` as the log prints times.
    func stamp(_ date: Date) -> String {
        CronTimeFormat.string(from: date, in: zone)
    }
}
