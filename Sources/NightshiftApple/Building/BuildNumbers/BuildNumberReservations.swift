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

    /// The app's lock: at once when free, else waited for on a thread of its own (the kernel
    /// wakes it when the holder lets go, however it ends), while the run still answers a signal.
    private func hold(_ path: String, key: String, log: @Sendable (String) async -> Void) async throws -> FileLock {
        do {
            return try FileLock(path: path)
        } catch .held(_, let pid) {
            await log("another run on this machine\(pid.map { " (pid \($0))" } ?? "") is choosing a build number for \(key); waiting")
        } catch {
            throw StepFailure("cannot reserve a build number for \(key): \(error)", reason: .stepFailed)
        }
        let waited: Result<FileLock, FileLockError>? = await AbandonableWork.run {
            Result { () throws(FileLockError) -> FileLock in try FileLock(path: path, waiting: true) }
        }
        switch waited {
        case .success(let lock)?: return lock
        case .failure(let error)?: throw StepFailure("cannot reserve a build number for \(key): \(error)", reason: .stepFailed)
        case nil: throw CancellationError()
        }
    }
}
