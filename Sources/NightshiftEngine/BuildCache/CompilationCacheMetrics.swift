public import NightshiftSystem

/// What Xcode's build log says of its compilation cache: swift-build's `CompilationCacheMetrics`
/// activity ends with a note, `note: 285 hits / 290 cacheable tasks (98%)` (`1 hit / 1 cacheable
/// task (100%)` in the singular), printed only when a cacheable task ran. Misses are the rest:
/// the log says no "miss" since swift-build#445.
public struct CompilationCacheMetrics: Sendable, Hashable, Codable {
    public var hits: Int
    public var cacheableTasks: Int

    public init(hits: Int, cacheableTasks: Int) {
        self.hits = hits
        self.cacheableTasks = cacheableTasks
    }

    public var misses: Int { cacheableTasks - hits }

    /// `60 hits, 0 misses of 60 cacheable tasks (100%)`.
    public var summary: String {
        "\(hits) \(hits == 1 ? "hit" : "hits"), \(misses) \(misses == 1 ? "miss" : "misses") of \(cacheableTasks) cacheable "
            + "\(cacheableTasks == 1 ? "task" : "tasks") (\(percent)%)"
    }

    /// Rounded down, as Xcode rounds it: 100% only when every task hit.
    public var percent: Int { cacheableTasks == 0 ? 0 : hits * 100 / cacheableTasks }

    /// Two builds in one step (several configurations, a retried attempt's last build only is
    /// kept by the caller) add up.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(hits: lhs.hits + rhs.hits, cacheableTasks: lhs.cacheableTasks + rhs.cacheableTasks)
    }

    /// The metrics one log line states, or nil: `note:` then `<n> hit(s) / <m> cacheable task(s)`
    /// and a percentage, blanks around it allowed, hits never above the tasks.
    public init?(line: Substring) {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        // The severity word, then the text after its blank.
        guard rest.hasPrefix("note:") else { return nil }
        rest = rest.dropFirst("note:".count)
        guard rest.first == " " else { return nil }
        rest = rest.dropFirst()
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 12 else { return nil }
            rest = rest.dropFirst(digits.count)
            return Int(digits)
        }
        func word(_ options: String...) -> Bool {
            guard let match = options.first(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst(match.count)
            return true
        }
        guard let hits = number(), word(" hits / ", " hit / "), let total = number(),
            word(" cacheable tasks (", " cacheable task ("), number() != nil, word("%)"),
            rest.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }), hits <= total
        else { return nil }
        self.init(hits: hits, cacheableTasks: total)
    }
}

/// Reads the metrics out of xcodebuild's output as it streams by, whole lines only (a chunk
/// can end mid-line); what a build prints more than once is added up.
public final class CompilationCacheMetricsReader: Sendable {
    private let state = LockedValue(State())

    private struct State {
        /// Per channel: xcodebuild writes the log to standard output, but a wrapper may not.
        var partial: [OutputChannel: [UInt8]] = [:]
        var metrics: CompilationCacheMetrics?
    }

    public init() {}

    /// The longest line kept while waiting for its end: a metrics line is short, and a tool's
    /// megabyte-long line must not be held.
    static let longestLine = 4096

    public func receive(_ channel: OutputChannel, _ bytes: [UInt8]) {
        state.withLock { state in
            var line = state.partial[channel] ?? []
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    Self.take(&line, into: &state.metrics)
                } else if line.count < Self.longestLine {
                    line.append(byte)
                }
            }
            state.partial[channel] = line
        }
    }

    /// What was read, the last unfinished line included.
    public var metrics: CompilationCacheMetrics? {
        state.withLock { state in
            for channel in state.partial.keys.sorted(by: { lhs, _ in lhs == .standardOutput }) {
                var line = state.partial[channel] ?? []
                Self.take(&line, into: &state.metrics)
                state.partial[channel] = line
            }
            return state.metrics
        }
    }

    private static func take(_ line: inout [UInt8], into metrics: inout CompilationCacheMetrics?) {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty, let found = CompilationCacheMetrics(line: Substring(String(decoding: line, as: UTF8.self))) else { return }
        metrics = metrics.map { $0 + found } ?? found
    }
}
