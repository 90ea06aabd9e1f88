public import Foundation
import NightshiftCore
public import NightshiftSystem

/// Who holds a named lock, as the holder wrote it beside the lock file: a waiting step prints it.
public struct NamedLockHolder: Sendable, Hashable, CustomStringConvertible {
    public var lane: String
    public var runID: String
    public var pid: Int32
    public var since: Date

    public init(lane: String, runID: String, pid: Int32, since: Date) {
        self.lane = lane
        self.runID = runID
        self.pid = pid
        self.since = since
    }

    /// Whether the pid it wrote has ended (`ProcessLiveness`), as the reader found it: the lock is
    /// then held by a process its step started, which outlived it (issue #26 §15), and `pid`
    /// is no longer the holder. Who that process is, the kernel does not say portably (flock
    /// records no owner on macOS; Linux's /proc/locks names the pid that took the lock, the
    /// ended one), so the message says what is known.
    public var pidEnded = false

    public var description: String {
        let since = UTCTimestamp.iso8601(since)
        guard pidEnded else { return "held by lane '\(lane)' (run \(runID), pid \(pid)) since \(since)" }
        return
            "held since \(since) by a process that lane '\(lane)' (run \(runID)) started and that outlived it (pid \(pid), the nightshift that took the lock, has ended)"
    }

    var line: String { "\(pid) \(since.timeIntervalSince1970) \(runID) \(lane)\n" }

    init?(line: String) {
        let fields = line.trimmingCharacters(in: .newlines).split(separator: " ", maxSplits: 3).map(String.init)
        guard fields.count == 4, let pid = Int32(fields[0]), let seconds = Double(fields[1]) else { return nil }
        self.init(lane: fields[3], runID: fields[2], pid: pid, since: Date(timeIntervalSince1970: seconds))
    }
}

/// Named locks (`locks: [simulator]`, issue #19): taken without waiting, so the engine can bound
/// the wait by the step's timeout and print who holds them.
public protocol NamedLocks: Sendable {
    /// The lock, held until the returned value goes away; nil when someone else holds it.
    /// `holder`'s pid is filled in with this process's. Names differ in case only are one lock.
    func tryLock(_ name: String, as holder: NamedLockHolder) throws(FileLockError) -> FileLock?
    /// Who holds `name` now, if they said.
    func holder(of name: String) -> NamedLockHolder?
}

/// The named locks of one user: `FileLock`s in `<folder>/<name>.lock`, one folder for every
/// nightshift of the user (`~/.nightshift/locks`), so two processes honour them as two lanes of
/// one process do. The kernel drops a lock when its process dies; the `.holder` file beside it is
/// only what the last holder said, read while its lock is held.
///
/// The file is named after the name in lower case (issue #26 §3): on macOS's case-insensitive
/// volumes `Deploy.lock` and `deploy.lock` are one file, so a step holding `Deploy` that also
/// wanted `deploy` waited on itself forever; folded, they are one lock on every file system.
public struct FileNamedLocks: NamedLocks {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// `~/.nightshift/locks`: per user, like the keychain search list lock; nil without HOME.
    public static func userFolder(home: String?) -> String? {
        guard let home, !home.isEmpty else { return nil }
        return home + "/.nightshift/locks"
    }

    /// The name locks and files go by: lock names are ASCII (the loader checks), so this is the
    /// fold every file system agrees with.
    public static func fileName(of name: String) -> String { name.lowercased() }

    public func tryLock(_ name: String, as holder: NamedLockHolder) throws(FileLockError) -> FileLock? {
        let lock: FileLock
        do {
            lock = try FileLock(path: "\(folder)/\(Self.fileName(of: name)).lock")
        } catch {
            if case .held = error { return nil }
            throw error
        }
        var holder = holder
        holder.pid = FileLock.holder(of: lock.path) ?? 0
        // Written whole or not at all (temporary file, then rename), so a waiter never reads half;
        // renamed over the name itself, never through a link planted there.
        try? DurableFile.replace(holderPath(name), with: Array(holder.line.utf8), sync: false)
        return lock
    }

    /// The lock once its holder lets go, waited for on a thread of its own (the kernel wakes it,
    /// however the holder ends), never polled; nil when the caller is cancelled first. For
    /// work that must take its turn whatever the wait (a build cache), unlike `locks:`, whose
    /// wait counts against the step's timeout.
    public func waitForLock(_ name: String, as holder: NamedLockHolder) async throws(FileLockError) -> FileLock? {
        let path = "\(folder)/\(Self.fileName(of: name)).lock"
        let waited: Result<FileLock, FileLockError>? = await AbandonableWork.run {
            Result { () throws(FileLockError) -> FileLock in try FileLock(path: path, waiting: true) }
        }
        guard let waited else { return nil }
        let lock = try waited.get()
        var holder = holder
        holder.pid = FileLock.holder(of: lock.path) ?? 0
        try? DurableFile.replace(holderPath(name), with: Array(holder.line.utf8), sync: false)
        return lock
    }

    public func holder(of name: String) -> NamedLockHolder? {
        guard var holder = (try? String(contentsOfFile: holderPath(name), encoding: .utf8)).flatMap(NamedLockHolder.init(line:)) else {
            return nil
        }
        holder.pidEnded = ProcessLiveness.of(holder.pid) == .ended
        return holder
    }

    private func holderPath(_ name: String) -> String { "\(folder)/\(Self.fileName(of: name)).holder" }
}
