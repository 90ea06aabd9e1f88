import Crypto
import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// The build numbers handed out on this machine, per app, platform and App Store Connect: two runs
/// at once read the same highest number from Apple (the first has not uploaded yet), and without
/// this both took it, the second upload refused after a whole build (issue #38 §4). Reading
/// Apple's numbers and recording the one chosen happen under one `FileLock` per app, which every
/// nightshift of the user honours (the kernel drops it when its holder dies, however it dies);
/// the next run chooses above both Apple's numbers and the recorded one.
///
/// Per machine and user: `~/.nightshift/build-numbers`. Two machines share nothing, and App Store
/// Connect reserves nothing, so two machines at once can still choose the same number.
struct BuildNumberReservations: Sendable {
    let folder: String
    let clock: any WallClock
    /// How long to wait between tries while another run holds the app's lock: the lock is held
    /// only for a few GET requests, and the wait sleeps on the clock rather than spins.
    static let retryInterval: Duration = .milliseconds(250)

    /// `choose` gets the number last recorded for `key` (nil when none) and returns the number to
    /// hand out, which is recorded before the lock is let go.
    func reserve(
        _ key: String, waiting log: @Sendable (String) async -> Void, _ choose: (BuildNumber?) async throws -> BuildNumberAnswer
    ) async throws -> BuildNumberAnswer {
        let name = SHA256.hash(data: Data(key.utf8)).hexString
        let lock = try await hold(folder + "/" + name + ".lock", key: key, log: log)
        defer { withExtendedLifetime(lock) {} }
        let recordPath = folder + "/" + name + ".number"
        let recorded = (try? WholeFile.contents(of: recordPath, atMost: 64)).flatMap {
            BuildNumber(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let answer = try await choose(recorded)
        do {
            try DurableFile.replace(recordPath, with: Array("\(answer.number)\n".utf8), sync: false, permissions: 0o600)
        } catch {
            throw StepFailure("cannot record build number \(answer.number) for \(key): \(error)", reason: .stepFailed)
        }
        return answer
    }

    private func hold(_ path: String, key: String, log: @Sendable (String) async -> Void) async throws -> FileLock {
        var told = false
        while true {
            do {
                return try FileLock(path: path)
            } catch .held(_, let pid) {
                if !told {
                    await log(
                        "another run on this machine\(pid.map { " (pid \($0))" } ?? "") is choosing a build number for \(key); waiting")
                    told = true
                }
                try await clock.sleep(for: Self.retryInterval)
            } catch {
                throw StepFailure("cannot reserve a build number for \(key): \(error)", reason: .stepFailed)
            }
        }
    }
}
