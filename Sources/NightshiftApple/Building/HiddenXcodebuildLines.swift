/// The lines of xcodebuild's output the condensed view did not show, the last few hundred of
/// them, so that a failing step can show what preceded its failure: the block of the task that
/// failed (from its `CodeSign …`/`PhaseScriptExecution …`/`Ld …` header on), or at least the last
/// `minimumShown` lines. Whatever kind of reason the condenser does not know then still
/// reaches the person. Memory stays bounded whatever the build prints: `capacity` lines of at
/// most `lineLimit` bytes each. The lines are the masked ones: the masker runs before the
/// condenser.
struct HiddenXcodebuildLines: Sendable {
    let capacity: Int
    let minimumShown: Int
    let lineLimit: Int
    /// A ring: the line numbered `n` (counting every hidden line) is at `n % capacity`.
    private var ring: [String] = []
    private var count = 0
    /// Where each task's latest block began, by task name (a few dozen names at most).
    private var blockStarts: [Substring: Int] = [:]
    private var lastBlockStart: Int?
    /// The block of the first task that failed; later failures are often its consequences.
    private var failedBlockStart: Int?

    init(capacity: Int = 200, minimumShown: Int = 30, lineLimit: Int = 2_000) {
        self.capacity = capacity
        self.minimumShown = minimumShown
        self.lineLimit = lineLimit
    }

    mutating func append(_ line: String) {
        guard capacity > 0 else { return }
        let kept = line.utf8.count > lineLimit ? String(decoding: line.utf8.prefix(lineLimit), as: UTF8.self) + " …" : line
        if ring.count < capacity { ring.append(kept) } else { ring[count % capacity] = kept }
        count += 1
    }

    /// The header line of a task was hidden just now (append it first).
    mutating func taskStarted(_ name: Substring) {
        guard capacity > 0 else { return }
        blockStarts[name] = count - 1
        lastBlockStart = count - 1
    }

    /// `Command <name> failed …`: the block to show is that task's, or else the latest one.
    mutating func taskFailed(_ name: Substring?) {
        guard failedBlockStart == nil else { return }
        failedBlockStart = name.flatMap { blockStarts[$0] } ?? lastBlockStart
    }

    /// The lines to show after a failure, oldest first: the failing task's block when there is
    /// one (its last `capacity` lines), and never fewer than the last `minimumShown`. The blank
    /// lines xcodebuild prints around its summary are left off the end.
    var lastLines: [String] {
        let oldestKept = count - ring.count
        var end = count
        while end > oldestKept, ring[(end - 1) % capacity].allSatisfy(\.isWhitespace) { end -= 1 }
        var start = max(oldestKept, end - minimumShown)
        if let failedBlockStart { start = min(start, max(oldestKept, failedBlockStart)) }
        return (min(start, end)..<end).map { ring[$0 % capacity] }
    }

    var isEmpty: Bool { count == 0 }
}
