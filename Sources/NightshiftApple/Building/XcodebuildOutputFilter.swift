/// Condenses xcodebuild's very long output for the terminal: every line that says why a build
/// failed or warns (`XcodebuildLine`), with the lines that belong to it (source and caret, the
/// symbols under `Undefined symbols …:`, a crash's stack dump), the summaries of failed commands
/// and tests, result banners, and one line per change of build phase. The whole output still
/// goes to the step log; this only decides what the terminal shows without `--verbose`. Feed it
/// raw (masked) chunks as they arrive; it keeps partial lines between chunks. What it does not
/// show goes to a `HiddenXcodebuildLines`, for the step to print if it fails.
public struct XcodebuildOutputFilter: Sendable {
    private var pending: [UInt8] = []
    private var lastPhase: String?
    private var inFailureSummary = false
    /// What belongs to the last kept line, and how many more such lines may follow it.
    private var attachment = XcodebuildLine.Attachment.alone
    private var attachedLeft = 0
    /// A `note:` right after a kept diagnostic (or its source lines) belongs to that diagnostic.
    private var followsReason = false
    /// A `** … FAILED **` banner went by: the run failed, whatever the exit status says.
    private(set) var sawFailureBanner = false

    public init() {}

    /// The lines of `chunk` (plus what was pending) to show, without their newlines. A line
    /// longer than `maximumLineLength` is judged in pieces of that size, so memory stays bounded.
    public mutating func feed(_ chunk: [UInt8]) -> [String] {
        var discarded = HiddenXcodebuildLines(capacity: 0)
        return feed(chunk, hiding: &discarded)
    }

    /// As `feed(_:)`, adding the lines it does not show to `hidden`.
    mutating func feed(_ chunk: [UInt8], hiding hidden: inout HiddenXcodebuildLines) -> [String] {
        var shown: [String] = []
        var start = 0
        while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line: String
            if pending.isEmpty {
                line = String(decoding: chunk[start..<newline], as: UTF8.self)
            } else {
                pending += chunk[start..<newline]
                line = String(decoding: pending, as: UTF8.self)
                pending.removeAll(keepingCapacity: true)
            }
            if let kept = filter(line, hiding: &hidden) { shown.append(kept) }
            start = newline + 1
        }
        pending += chunk[start...]
        if pending.count > Self.maximumLineLength {
            if let kept = filter(String(decoding: pending, as: UTF8.self), hiding: &hidden) { shown.append(kept) }
            pending.removeAll(keepingCapacity: true)
        }
        return shown
    }

    static let maximumLineLength = 64 * 1024

    /// Whatever is left after the last chunk (a final line without a newline).
    public mutating func finish() -> [String] {
        var discarded = HiddenXcodebuildLines(capacity: 0)
        return finish(hiding: &discarded)
    }

    mutating func finish(hiding hidden: inout HiddenXcodebuildLines) -> [String] {
        defer { pending.removeAll() }
        guard !pending.isEmpty else { return [] }
        return filter(String(decoding: pending, as: UTF8.self), hiding: &hidden).map { [$0] } ?? []
    }

    mutating func filter(_ line: String, hiding hidden: inout HiddenXcodebuildLines) -> String? {
        if let failed = XcodebuildLine.failedTaskName(line) { hidden.taskFailed(failed) }
        if let kept = keep(line) { return kept }
        attachment = .alone
        attachedLeft = 0
        followsReason = false
        hidden.append(line)
        if let task = XcodebuildLine.taskName(ofHeader: line) { hidden.taskStarted(task) }
        guard let phase = Self.phase(of: line), phase != lastPhase else { return nil }
        lastPhase = phase
        return "▸ \(phase)"
    }

    /// The line as shown when it is one to keep (a crash's long frames shortened), else nil.
    private mutating func keep(_ line: String) -> String? {
        if inFailureSummary {
            if line.allSatisfy(\.isWhitespace) { inFailureSummary = false; return nil }
            return line
        }
        if XcodebuildLine.startsSummary(line) { inFailureSummary = true; return line }
        if line.hasPrefix("** ") {
            if XcodebuildLine.isFailureBanner(line) { sawFailureBanner = true }
            return line
        }
        if let kind = XcodebuildLine.reason(line) {
            attach(kind)
            return line
        }
        if followsReason, XcodebuildLine.isNote(line) {
            attach(XcodebuildLine.hasSourceLocation(line) ? .sourceContext : .alone)
            return line
        }
        guard attachedLeft > 0, belongs(line) else { return nil }
        attachedLeft -= 1
        if attachment == .stackDump, line.utf8.count > Self.stackFrameLength {
            return String(decoding: line.utf8.prefix(Self.stackFrameLength), as: UTF8.self) + " …"
        }
        return line
    }

    private mutating func attach(_ kind: XcodebuildLine.Attachment) {
        attachment = kind
        followsReason = true
        switch kind {
        case .alone: attachedLeft = 0
        case .sourceContext: attachedLeft = 12
        case .indentedBlock: attachedLeft = 100
        case .stackDump: attachedLeft = 30
        }
    }

    /// A crash's first frame is the whole compiler invocation, often 10 KB: its start says enough.
    static let stackFrameLength = 400

    private func belongs(_ line: String) -> Bool {
        switch attachment {
        case .alone: return false
        case .indentedBlock: return line.first == " " || line.first == "\t"
        case .sourceContext, .stackDump:
            return !line.allSatisfy(\.isWhitespace) && XcodebuildLine.taskName(ofHeader: line) == nil
        }
    }

    static let phases: [(prefix: String, name: String)] = [
        ("SwiftCompile", "Compiling"), ("CompileSwift", "Compiling"), ("CompileC", "Compiling"),
        ("SwiftDriver", "Compiling"), ("CompileAssetCatalog", "Compiling assets"), ("CompileStoryboard", "Compiling storyboards"),
        ("Ld ", "Linking"), ("PhaseScriptExecution", "Running build scripts"), ("CodeSign ", "Signing"),
        ("ProcessProductPackaging", "Packaging"), ("Resolve Package Graph", "Resolving packages"),
        ("Exported ", "Exported"),
    ]

    static func phase(of line: String) -> String? {
        phases.first { line.hasPrefix($0.prefix) }?.name
    }
}
