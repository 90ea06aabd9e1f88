public import Foundation
import NightshiftSystem

/// Runs a previous daemon left `running`: it crashed or was killed while they ran. Its
/// `nightshift run` children may outlive it, holding their lane locks; the history cannot tell.
extension Scheduler {
    /// At start: closes the left runs whose lane lock is free as `lost`; the others go on without
    /// a daemon, their lane's firings are skipped, and every tick tries their locks again.
    func closeRunsLeftRunning() async {
        do {
            leftRunning = try await history.runningRecords()
        } catch {
            log.problem("cannot read the runs a previous daemon left running: \(error)")
            return
        }
        await closeEndedRunsLeftRunning()
        for record in leftRunning {
            log.info(
                "\(record.lane): still running from before the daemon started (scheduled \(stamp(record.scheduledAt, lane: record.lane))); "
                    + "its firings are skipped until it ends")
        }
    }

    /// Records the left runs whose lane lock has freed as `lost`, ended now.
    func closeEndedRunsLeftRunning() async {
        var stillRunning: [RunRecord] = []
        for record in leftRunning {
            guard !locks.isHeld(lane: record.lane) else {
                stillRunning.append(record)
                continue
            }
            var lost = record
            lost.status = .lost
            lost.endedAt = clock.now
            lost.note = "the daemon stopped while this ran: how it ended is unknown, see its logs"
            do {
                // Another daemon sharing the history may have finished it: never overwrite that.
                if try await history.updateIfRunning(lost) {
                    log.info(
                        "\(record.lane): lost the run scheduled \(stamp(record.scheduledAt, lane: record.lane)) (the daemon stopped while it ran)"
                    )
                }
            } catch {
                log.problem("cannot record the end of \(record.lane) at \(record.scheduledAt): \(error)")
            }
        }
        leftRunning = stillRunning
    }

    /// In the lane's zone when it is still scheduled, else in the log's.
    public func stamp(_ date: Date, lane name: String) -> String {
        lanes.first { $0.name == name }.map { stamp(date, $0) } ?? log.stamp(date)
    }
}
