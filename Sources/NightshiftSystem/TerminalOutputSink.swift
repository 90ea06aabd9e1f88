import Foundation

/// nightshift's own output, written straight to the terminal's file descriptors.
///
/// Each `write` goes out with `write(2)` at once, unbuffered: a line printed when a step starts
/// must be visible in Jenkins' console before the step's first output, and nothing may sit in a
/// buffer when nightshift is killed. Writes are serialised so that lines written from
/// concurrently streaming stdout and stderr never interleave mid-line.
public final class TerminalOutputSink: OutputSink, Sendable {
    public let isInteractive: Bool
    private let standardOutput: Int32
    private let standardError: Int32
    /// Serialises the writes; it guards no value.
    private let writing = LockedValue(())

    /// Writes to file descriptors 1 and 2; interactive when fd 1 is a terminal.
    public convenience init() {
        self.init(standardOutput: STDOUT_FILENO, standardError: STDERR_FILENO)
    }

    /// Writes to the given descriptors, interactive when `standardOutput` is a terminal unless
    /// `isInteractive` says otherwise (`--no-color`, Jenkins).
    public init(standardOutput: Int32, standardError: Int32, isInteractive: Bool? = nil) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isInteractive = isInteractive ?? Terminal.isTerminal(standardOutput)
    }

    public func write(_ text: String, to channel: OutputChannel) {
        var text = text
        text.withUTF8 { write($0, to: channel) }
    }

    /// Writes raw bytes (a step's masked output) without a round trip through `String`.
    public func write(bytes: [UInt8], to channel: OutputChannel) {
        bytes.withUnsafeBufferPointer { write($0, to: channel) }
    }

    /// Writes bytes in place, e.g. the pieces `MaskingLineStream.feed(_:emit:)` hands out.
    public func write(_ buffer: UnsafeBufferPointer<UInt8>, to channel: OutputChannel) {
        let descriptor = channel == .standardOutput ? standardOutput : standardError
        // A failure means the reader is gone (EPIPE with SIGPIPE ignored): nothing useful to do.
        _ = writing.withLock { _ in DescriptorWriter.writeAll(descriptor, UnsafeRawBufferPointer(buffer)) }
    }
}
