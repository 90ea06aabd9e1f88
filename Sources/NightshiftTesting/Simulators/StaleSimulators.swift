internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// The simulators earlier runs left behind because they never reached their cleanup (killed with
/// SIGKILL, a machine that lost power), deleted by the next test step that makes simulators,
/// whatever its lane. A simulator is one run's by its name, `nightshift-<run-id>-<shard>`
/// (`SimulatorFleet.name`); a run is alive while it holds its journal lock, which every run
/// takes in each lane's folder (`<state>/runs/<lane>/<run-id>/journal.lock`) for as long as it
/// runs and which the kernel drops when it dies. Deleted are only the simulators of runs this
/// state folder knows and that hold no lock in any lane: never a live run's (this one's, a
/// `--parallel` sibling's, another lane's), nor those of runs it does not know (another
/// project's), which the next run there deletes.
struct StaleSimulators {
    let commands: SimulatorCommands
    let context: StepContext

    /// Deletes the stale simulators among `catalog`'s devices. A failure is a warning: the
    /// step's own simulators do not depend on it.
    func delete(in catalog: SimulatorCatalog) async {
        guard let runs = context.folders.runsFolder else { return }
        for device in catalog.devices {
            guard let runID = Self.runID(ofSimulatorNamed: device.name), runID != context.folders.runID,
                Self.hasEnded(runID, runsFolder: runs)
            else { continue }
            do {
                // Shutting down one that is not booted fails harmlessly; the deletion is what counts.
                _ = try await context.shell.run(commands.shutdown(device.udid)) { _, _ in }
                let deleted = try await context.shell.run(commands.delete(device.udid)) { _, _ in }
                if deleted.succeeded {
                    await context.log("deleted the simulator \(device.name), left by run \(runID), which is no longer running")
                } else {
                    await context.log(
                        .warning("could not delete the simulator \(device.name) left by run \(runID): simctl \(deleted)", at: nil))
                }
            } catch {
                await context.log(.warning("could not delete the simulator \(device.name) left by run \(runID): \(error)", at: nil))
            }
        }
    }

    /// `nightshift-<run-id>-<number>` → the run id; nil for any other name.
    static func runID(ofSimulatorNamed name: String) -> String? {
        let prefix = "nightshift-"
        let body = name.dropFirst(prefix.count)
        guard name.hasPrefix(prefix), let dash = body.lastIndex(of: "-") else { return nil }
        let runID = String(body[..<dash])
        let number = body[body.index(after: dash)...]
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), RunIdentifier.isFolderName(runID) else { return nil }
        return runID
    }

    /// Whether some lane's folder has run `runID`'s journal lock and none holds it.
    static func hasEnded(_ runID: String, runsFolder: AbsolutePath) -> Bool {
        let lanes = (try? FileManager.default.contentsOfDirectory(atPath: runsFolder.string)) ?? []
        let locks = lanes.map { RunFolders.journalLock(runsFolder: runsFolder.string, lane: $0, runID: runID) }
            .filter { FileManager.default.fileExists(atPath: $0) }
        return !locks.isEmpty && !locks.contains(where: FileLock.isHeld)
    }
}
