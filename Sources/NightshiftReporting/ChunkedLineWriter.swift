public import NightshiftSystem

/// Lines bound for an `OutputSink`, handed on in chunks of about `chunkSize` bytes as they are
/// computed: `nightshift cron --count 10000000` or `schedule --simulate` over a century print in
/// flat memory, without holding every line and without one write(2) per line.
public final class ChunkedLineWriter {
    private let output: any OutputSink
    private let channel: OutputChannel
    private let chunkSize: Int
    private var pending = ""

    public init(output: any OutputSink, channel: OutputChannel = .standardOutput, chunkSize: Int = 65_536) {
        self.output = output
        self.channel = channel
        self.chunkSize = chunkSize
    }

    public func line(_ text: String) {
        pending += text
        pending += "\n"
        if pending.utf8.count >= chunkSize { flush() }
    }

    /// Hands on what is pending; call at the end, and before writing anything else to the sink.
    public func flush() {
        guard !pending.isEmpty else { return }
        output.write(pending, to: channel)
        pending.removeAll(keepingCapacity: true)
    }
}
