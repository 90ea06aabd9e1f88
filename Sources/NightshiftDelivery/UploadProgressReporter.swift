import NightshiftCore
public import Foundation
import NightshiftEngine
import NightshiftSystem

/// Decides when to print upload progress and what: on a terminal a line redrawn in place about
/// once a second (percent, bytes, rate); otherwise (Jenkins) a plain line every `interval`, so a
/// console log shows the upload is alive without filling with noise.
public struct UploadProgressFormatter: Sendable {
    public var isInteractive: Bool
    public var interval: Duration
    private var start: Date?
    private var lastPrinted: Date?
    private var lastBytes: Int64 = -1

    public init(isInteractive: Bool, interval: Duration? = nil) {
        self.isInteractive = isInteractive
        self.interval = interval ?? (isInteractive ? .seconds(1) : .seconds(30))
    }

    /// The line to show for `progress` observed at `now` (no line end), or nil to stay quiet:
    /// the first update, one per `interval`, and the last.
    public mutating func line(for progress: UploadProgress, at now: Date) -> String? {
        let begun = start ?? now
        start = begun
        let finished = progress.totalBytes > 0 && progress.bytesSent >= progress.totalBytes
        let due = lastPrinted.map { now.timeIntervalSince($0) >= interval.seconds } ?? true
        guard progress.bytesSent != lastBytes, due || finished else { return nil }
        lastPrinted = now
        lastBytes = progress.bytesSent
        return Self.describe(progress, elapsed: now.timeIntervalSince(begun))
    }

    static func describe(_ progress: UploadProgress, elapsed: TimeInterval) -> String {
        var parts = ["uploading"]
        if let fraction = progress.fraction { parts.append("\(Int(fraction * 100))%") }
        parts.append(
            progress.totalBytes > 0
                ? "\(megabytes(progress.bytesSent)) of \(megabytes(progress.totalBytes))" : megabytes(progress.bytesSent))
        if elapsed > 0 { parts.append("at \(megabytes(Int64(Double(progress.bytesSent) / elapsed)))/s") }
        return parts.joined(separator: " ")
    }

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

/// Bridges the uploader's synchronous progress callback to the step's asynchronous output: on a
/// live terminal one line redrawn in place (`redraw`), ended by the final state printed as a
/// line of its own; otherwise plain lines (`print`).
final class UploadProgressReporter: Sendable {
    private let continuation: AsyncStream<UploadProgress>.Continuation
    private let task: Task<Void, Never>

    init(
        formatter: UploadProgressFormatter, clock: any WallClock, print: @escaping @Sendable (String) async -> Void,
        redraw: (@Sendable (String?) async -> Void)?
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: UploadProgress.self, bufferingPolicy: .bufferingNewest(1))
        self.continuation = continuation
        task = Task {
            var formatter = formatter
            var shown: String?
            for await progress in stream {
                guard let line = formatter.line(for: progress, at: clock.now) else { continue }
                if let redraw {
                    shown = line
                    await redraw(line)
                } else {
                    await print(line)
                }
            }
            if let redraw, let shown {
                await redraw(nil)
                await print(shown)
            }
        }
    }

    func record(_ progress: UploadProgress) {
        continuation.yield(progress)
    }

    /// Shows what is pending and leaves the last state as a plain line.
    func finish() async {
        continuation.finish()
        await task.value
    }
}
