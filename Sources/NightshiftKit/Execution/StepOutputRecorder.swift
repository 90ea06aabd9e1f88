import Foundation

/// Receives a step's raw output: masks it line by line, writes it whole to the step's log file,
/// keeps the last lines for failure reports, and forwards lines to the reporter.
actor StepOutputRecorder {
    private var streams: [OutputChannel: MaskingLineStream]
    private let masker: SecretMasker
    private let log: FileHandle?
    private let reporter: any RunReporter
    private let step: StepIdentity
    private let clock: any WallClock
    private var tail: [String] = []
    private let tailLimit: Int
    private(set) var lastActivity: Date

    init(masker: SecretMasker, logPath: String?, reporter: any RunReporter, step: StepIdentity, clock: any WallClock, tailLimit: Int = 40) {
        streams = [.standardOutput: MaskingLineStream(masker: masker), .standardError: MaskingLineStream(masker: masker)]
        self.masker = masker
        if let logPath, FileManager.default.createFile(atPath: logPath, contents: nil) {
            log = FileHandle(forWritingAtPath: logPath)
        } else {
            log = nil
        }
        self.reporter = reporter
        self.step = step
        self.clock = clock
        self.tailLimit = tailLimit
        lastActivity = clock.now
    }

    func receive(_ channel: OutputChannel, _ bytes: [UInt8]) {
        lastActivity = clock.now
        let masked = streams[channel]?.feed(bytes) ?? []
        deliver(masked, channel)
    }

    /// A transient progress line for the terminal, masked; not logged (the step prints the
    /// final state as a line of its own).
    func progress(_ text: String?) {
        lastActivity = clock.now
        reporter.stepProgress(text.map { masker.mask($0) }, step: step)
    }

    /// Flushes partial last lines and closes the log.
    func finish() -> String {
        for channel in [OutputChannel.standardOutput, .standardError] {
            if let rest = streams[channel]?.finish(), !rest.isEmpty { deliver(rest + [UInt8(ascii: "\n")], channel) }
        }
        try? log?.close()
        return tail.joined(separator: "\n")
    }

    private func deliver(_ masked: [UInt8], _ channel: OutputChannel) {
        guard !masked.isEmpty else { return }
        log?.write(Data(masked))
        let text = String(decoding: masked, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for line in lines { reporter.stepOutput(line, channel: channel, step: step) }
        tail.append(contentsOf: lines)
        if tail.count > tailLimit { tail.removeFirst(tail.count - tailLimit) }
    }
}
