import Foundation
import NightshiftCore
import NightshiftSystem

/// Receives a step's raw output: masks it line by line, writes it whole to the step's log file,
/// keeps the last lines for failure reports, and hands the masked lines to the reporter, or,
/// for output the terminal shows condensed (xcodebuild's), what the condenser keeps of them;
/// when such a step fails, it then also shows the last lines the condenser hid.
///
/// Each chunk is masked into one reusable buffer, which goes to the log with a single
/// `write(2)` and to the reporter in one call: no string per line and, once the buffer has grown
/// to the largest chunk, no allocation per chunk. Memory stays bounded by that buffer, the
/// masking streams' held-back partial lines and the tail.
///
/// The log file is created with the step's first output: a step that prints nothing has no
/// log (`finish()` says so), and a lane of many quiet steps does not create as many empty files.
actor StepOutputRecorder {
    private var streams: [MaskingLineStream]
    /// Per channel: a progress meter's `\r` updates become lines (see `CarriageReturnLines`).
    private var returns = [CarriageReturnLines(), CarriageReturnLines()]
    /// Nil when the run shows condensed output whole.
    private var condenser: (any OutputCondenser)?
    private var condensing = [false, false]
    private var announcedCondensing = false
    private var log: (any StepLogFile)?
    private var logPath: String?
    private let logFiles: any StepLogFiles
    private var logState = LogState.notCreated
    /// The run's; the streams take its newer masker as soon as it learns a secret.
    private let secrets: RunSecrets
    /// The secrets' version the streams mask with.
    private var secretsVersion: Int
    private let reporter: any RunReporter
    private let step: StepIdentity
    private let clock: any WallClock
    private var tail: OutputTail
    private var masked: [UInt8] = []
    private(set) var lastActivity: Date

    init(
        secrets: RunSecrets, logPath: String?, logFiles: any StepLogFiles, reporter: any RunReporter, step: StepIdentity,
        clock: any WallClock, condenser: (any OutputCondenser)? = nil, tailLimit: Int = 40
    ) {
        self.condenser = condenser
        let (masker, version) = secrets.versionedMasker
        streams = [MaskingLineStream(masker: masker), MaskingLineStream(masker: masker)]
        secretsVersion = version
        self.logPath = logPath
        self.logFiles = logFiles
        self.secrets = secrets
        self.reporter = reporter
        self.step = step
        self.clock = clock
        self.tail = OutputTail(lineLimit: tailLimit)
        lastActivity = clock.now
    }

    /// Takes a chunk of the step's output; `condensed` asks for the terminal to show only what
    /// the condenser keeps (the log and the tail still get everything).
    func receive(_ channel: OutputChannel, _ bytes: [UInt8], condensed: Bool = false) {
        lastActivity = clock.now
        let index = Self.index(of: channel)
        condensing[index] = condensed && condenser != nil
        useNewerSecrets()
        var buffer = takeBuffer()
        streams[index].feed(bytes) { buffer.append(contentsOf: $0) }
        returns[index].normalize(&buffer)
        deliver(&buffer, channel)
        masked = buffer
    }

    /// A secret the run learned while the step runs (an upload's token) is masked from the
    /// next chunk on; one lock per chunk when nothing was learned.
    private func useNewerSecrets() {
        guard let newer = secrets.masker(ifChangedSince: secretsVersion) else { return }
        for stream in streams.indices { streams[stream].use(newer.masker) }
        secretsVersion = newer.version
    }

    /// What a finished recorder leaves: the output's last lines, and the log if one was written.
    struct Recording: Sendable {
        var tail: String
        var logPath: String?
        /// Why the log is not the whole output (a full disk); nil when it is.
        var logProblem: String?
    }

    /// A transient progress line for the terminal, masked; not logged (the step prints the
    /// final state as a line of its own).
    func progress(_ text: String?) {
        lastActivity = clock.now
        reporter.stepProgress(text.map { secrets.mask($0) }, step: step)
    }

    /// Flushes partial last lines and closes the log. `failed` says the step failed: condensed
    /// output then also shows what the condenser hid before the failure.
    func finish(failed: Bool = false) -> Recording {
        useNewerSecrets()
        for channel in [OutputChannel.standardOutput, .standardError] {
            let index = Self.index(of: channel)
            var rest = streams[index].finish()
            returns[index].normalize(&rest)
            deliver(&rest, channel)
            if condensing[index], let lines = condenser?.finish(channel) { show(lines, channel) }
        }
        if failed || condenser?.sawFailure == true { showHiddenLines() }
        log?.close()
        if logState == .written, let reason = log?.failureReason { logState = .incomplete(reason) }
        log = nil
        switch logState {
        case .notCreated: return Recording(tail: tail.text, logPath: nil)
        case .written: return Recording(tail: tail.text, logPath: logPath)
        case .incomplete(let reason): return Recording(tail: tail.text, logPath: logPath, logProblem: reason)
        case .failed(let reason): return Recording(tail: tail.text, logPath: nil, logProblem: reason)
        }
    }

    private func deliver(_ text: inout [UInt8], _ channel: OutputChannel) {
        guard !text.isEmpty else { return }
        text.withUnsafeBufferPointer { buffer in
            writeToLog(buffer)
            tail.append(buffer)
        }
        let index = Self.index(of: channel)
        if condensing[index] {
            announceCondensing()
            show(condenser?.feed(text, from: channel) ?? [], channel)
        } else {
            reporter.stepOutput(text, channel: channel, step: step)
        }
    }

    private func show(_ lines: [String], _ channel: OutputChannel) {
        guard !lines.isEmpty else { return }
        reporter.stepOutput(Array((lines.joined(separator: "\n") + "\n").utf8), channel: channel, step: step)
    }

    private func announceCondensing() {
        guard !announcedCondensing else { return }
        announcedCondensing = true
        show(["(condensed: \(condenser?.keeps ?? ""); --verbose shows everything\(logLocation))"], .standardOutput)
    }

    /// A failure's reason may be in a line no rule knows: so a failing step never shows only
    /// the condensed summary, but also the failing task's hidden lines (or at least the last 30).
    private func showHiddenLines() {
        guard announcedCondensing, let condenser else { return }
        let lines = condenser.hiddenLines
        guard !lines.isEmpty else { return }
        let intro = "── last \(lines.count) lines of \(condenser.toolName) output (the condensed view hid them\(logLocation)) ──"
        show([intro] + lines, .standardOutput)
    }

    private var logLocation: String {
        logState == .written ? logPath.map { "; all of it is in \($0)" } ?? "" : ""
    }

    private enum LogState: Equatable {
        case notCreated, written
        /// Some output is in the log, not all: later output is no longer written to it either,
        /// so the log is the output's start, never the output with a hole in it.
        case incomplete(String)
        /// The log could not be created.
        case failed(String)
    }

    private func writeToLog(_ buffer: UnsafeBufferPointer<UInt8>) {
        if logState == .notCreated, let logPath {
            do {
                log = try logFiles.create(logPath)
                logState = .written
            } catch {
                logState = .failed("\(error)")
            }
        }
        guard logState == .written, let log else { return }
        if !log.write(UnsafeRawBufferPointer(buffer)) {
            logState = .incomplete(log.failureReason ?? "a write failed")
        }
    }

    /// The reusable chunk buffer, emptied but keeping its capacity.
    private func takeBuffer() -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &masked)
        buffer.removeAll(keepingCapacity: true)
        return buffer
    }

    private static func index(of channel: OutputChannel) -> Int {
        channel == .standardOutput ? 0 : 1
    }
}
