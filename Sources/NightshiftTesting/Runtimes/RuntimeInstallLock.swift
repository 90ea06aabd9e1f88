import NightshiftSystem

/// Taken around a simulator runtime's download: runtimes are installed for the whole machine
/// (`/Library/Developer/CoreSimulator`), and two downloads of one runtime at once waste ~10 GB
/// each and can fail each other.
public protocol RuntimeInstallLock: Sendable {
    /// Runs `body` holding the lock, waiting for it first (and saying so through `waiting`).
    func holding<Result: Sendable>(
        waiting: @Sendable (String) async -> Void, _ body: () async throws -> Result
    ) async throws -> Result
}

/// The machine's lock: a `flock` on a file every user's nightshift opens, under /tmp (shared by
/// every user on macOS, unlike `$TMPDIR`). The kernel drops it when its holder dies.
public struct MachineRuntimeInstallLock: RuntimeInstallLock {
    public static let defaultPath = "/tmp/nightshift-locks/simulator-runtime-install.lock"
    let path: String

    public init(path: String = Self.defaultPath) {
        self.path = path
    }

    public func holding<Result: Sendable>(
        waiting: @Sendable (String) async -> Void, _ body: () async throws -> Result
    ) async throws -> Result {
        let lock = try await acquire(waiting: waiting)
        // Let go when `lock` goes, after the body.
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    private func acquire(waiting: @Sendable (String) async -> Void) async throws -> FileLock {
        let path = path
        let first = Swift.Result { () throws(FileLockError) -> FileLock in try FileLock(path: path) }
        switch first {
        case .success(let lock): return lock
        case .failure(.held(_, let pid)):
            await waiting(
                "another nightshift\(pid.map { " (pid \($0))" } ?? "") is installing a simulator runtime on this machine; waiting")
        case .failure(let error): throw error
        }
        let waited: Swift.Result<FileLock, FileLockError>? = await AbandonableWork.run {
            Swift.Result { () throws(FileLockError) -> FileLock in try FileLock(path: path, waiting: true) }
        }
        switch waited {
        case .success(let lock)?: return lock
        case .failure(let error)?: throw error
        case nil: throw CancellationError()
        }
    }
}

/// One process's lock, for runs whose lanes share nothing with other processes (tests).
public struct ProcessRuntimeInstallLock: RuntimeInstallLock {
    private let gate = Gate()

    public init() {}

    public func holding<Result: Sendable>(
        waiting: @Sendable (String) async -> Void, _ body: () async throws -> Result
    ) async throws -> Result {
        if await !gate.tryEnter() {
            await waiting("another lane is installing a simulator runtime; waiting")
            await gate.enter()
        }
        do {
            let result = try await body()
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }

    private actor Gate {
        private var held = false
        private var queue: [CheckedContinuation<Void, Never>] = []

        func tryEnter() -> Bool {
            guard !held else { return false }
            held = true
            return true
        }

        func enter() async {
            if !held {
                held = true
                return
            }
            await withCheckedContinuation { queue.append($0) }
        }

        func leave() {
            if queue.isEmpty { held = false } else { queue.removeFirst().resume() }
        }
    }
}
