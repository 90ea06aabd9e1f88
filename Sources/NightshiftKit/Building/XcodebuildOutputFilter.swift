/// Condenses xcodebuild's very long output for the terminal: errors, warnings, the
/// "commands failed" summary, result banners, and one line per change of build phase. The whole
/// output still goes to the step log; this only decides what the terminal shows without
/// `--verbose`. Feed it raw chunks as they arrive; it keeps partial lines between chunks.
public struct XcodebuildOutputFilter: Sendable {
    private var pending: [UInt8] = []
    private var lastPhase: String?
    private var inFailureSummary = false

    public init() {}

    /// The lines of `chunk` (plus what was pending) to show, without their newlines. A line
    /// longer than `maximumLineLength` is judged in pieces of that size, so memory stays bounded.
    public mutating func feed(_ chunk: [UInt8]) -> [String] {
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
            if let kept = filter(line) { shown.append(kept) }
            start = newline + 1
        }
        pending += chunk[start...]
        if pending.count > Self.maximumLineLength {
            if let kept = filter(String(decoding: pending, as: UTF8.self)) { shown.append(kept) }
            pending.removeAll(keepingCapacity: true)
        }
        return shown
    }

    static let maximumLineLength = 64 * 1024

    /// Whatever is left after the last chunk (a final line without a newline).
    public mutating func finish() -> [String] {
        defer { pending.removeAll() }
        guard !pending.isEmpty else { return [] }
        return filter(String(decoding: pending, as: UTF8.self)).map { [$0] } ?? []
    }

    mutating func filter(_ line: String) -> String? {
        if inFailureSummary {
            if line.allSatisfy(\.isWhitespace) { inFailureSummary = false; return nil }
            return line
        }
        if line.hasPrefix("The following build commands failed:") { inFailureSummary = true; return line }
        if Self.isDiagnostic(line) || line.hasPrefix("** ") { return line }
        guard let phase = Self.phase(of: line), phase != lastPhase else { return nil }
        lastPhase = phase
        return "▸ \(phase)"
    }

    static func isDiagnostic(_ line: String) -> Bool {
        line.contains("error:") || line.contains("warning:") || line.hasPrefix("xcodebuild: error")
            || line.contains("fatal error")
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
