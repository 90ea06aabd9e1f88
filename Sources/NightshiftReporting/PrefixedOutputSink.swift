internal import Foundation
import NightshiftCore
public import NightshiftSystem

/// One lane's console under `nightshift run a b --parallel`: every line it writes goes out whole,
/// after the lane's name, so lines of lanes running at once never interleave mid-line. On a
/// colour terminal the name has a colour of its own, the same for a lane on every run; under
/// Jenkins or a pipe the prefix is plain (`ConsoleStyle`). A line's bytes wait here until its
/// newline (or `finish()`), hence the lock: a step's stdout and stderr readers write at once.
public final class PrefixedOutputSink: OutputSink, Sendable {
    private let base: any OutputSink
    private let prefix: [UInt8]
    /// An empty line gets the name without the space after it: no trailing blank.
    private let bareName: [UInt8]
    private let pending = LockedValue([OutputChannel: [UInt8]]())

    public init(_ base: any OutputSink, lane: String, colour: Bool) {
        self.base = base
        let name = colour ? TerminalStyle.painted(lane, Self.colourCode(for: lane)) : lane
        prefix = Array("[\(name)] ".utf8)
        bareName = Array("[\(name)]".utf8)
    }

    /// Bright and plain cyan, magenta, blue and yellow: not red or green, which say failed and passed.
    static let palette = ["36", "35", "34", "33", "96", "95", "94", "93"]

    /// FNV-1a of the name, not `Hasher`, whose seed changes with every process.
    static func colourCode(for lane: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in lane.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }

    public var isInteractive: Bool { base.isInteractive }

    public func write(_ text: String, to channel: OutputChannel) {
        write(bytes: Array(text.utf8), to: channel)
    }

    public func write(bytes: [UInt8], to channel: OutputChannel) {
        let lines: [UInt8] = pending.withLock { pending in
            var buffer = pending[channel, default: []] + bytes
            guard let last = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
                pending[channel] = buffer
                return []
            }
            pending[channel] = Array(buffer[(last + 1)...])
            buffer.removeSubrange((last + 1)...)
            return buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
                .flatMap { line in (line.isEmpty ? bareName : prefix + line) + [UInt8(ascii: "\n")] }
        }
        if !lines.isEmpty { base.write(bytes: lines, to: channel) }
    }

    /// Writes what is left of an unfinished line, ended.
    public func finish() {
        let rest: [(OutputChannel, [UInt8])] = pending.withLock { pending in
            defer { pending = [:] }
            return pending.filter { !$0.value.isEmpty }.sorted { $0.key == .standardOutput && $1.key != .standardOutput }.map {
                ($0.key, $0.value)
            }
        }
        for (channel, bytes) in rest { base.write(bytes: prefix + bytes + [UInt8(ascii: "\n")], to: channel) }
    }
}
