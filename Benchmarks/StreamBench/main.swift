import Foundation
import NightshiftKit

// Streams `cat FILE` through the real runner, masks the given secrets line by line and writes
// the result to stdout, the way a step's output reaches the terminal. Timing goes to stderr.
//   nightshift-stream-bench FILE SECRET...
// Or measures the runner's per-spawn cost, running `true` (looked up on PATH) N times:
//   nightshift-stream-bench --spawn N

/// The stdout stream's masking state; chunks of one channel arrive one after another.
final class MaskedWriter: @unchecked Sendable {
    private var stream: MaskingLineStream
    private let sink = TerminalOutputSink(standardOutput: STDOUT_FILENO, standardError: STDERR_FILENO, isInteractive: false)
    private(set) var bytesIn = 0

    init(secrets: [String]) {
        stream = MaskingLineStream(masker: SecretMasker(secrets: secrets))
    }

    func feed(_ bytes: [UInt8]) {
        bytesIn += bytes.count
        stream.feed(bytes) { sink.write($0, to: .standardOutput) }
    }

    func finish() {
        sink.write(bytes: stream.finish(), to: .standardOutput)
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: nightshift-stream-bench FILE SECRET...\n".utf8))
    exit(2)
}
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let runner = SubprocessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
if arguments[1] == "--spawn" {
    let count = Int(arguments.count > 2 ? arguments[2] : "") ?? 1_000
    let start = ContinuousClock.now
    for _ in 0..<count {
        _ = try await runner.run(ShellCommand("true")) { _, _ in }
    }
    let total = seconds(since: start)
    print(String(format: "%d spawns of true in %.3f s: %.0f µs each", count, total, total / Double(count) * 1e6))
    exit(0)
}

if arguments[1] == "--mask-stdin" {
    let writer = MaskedWriter(secrets: Array(arguments.dropFirst(2)))
    let size = 1 << 20
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    let started = ContinuousClock.now
    while true {
        let n = read(0, buffer, size)
        if n <= 0 { break }
        writer.feed(Array(UnsafeBufferPointer(start: buffer, count: n)))
    }
    writer.finish()
    FileHandle.standardError.write(Data("mask-stdin \(writer.bytesIn) bytes in \(seconds(since: started)) s\n".utf8))
    exit(0)
}

let writer = MaskedWriter(secrets: Array(arguments.dropFirst(2)))
let started = ContinuousClock.now
let termination = try await runner.run(ShellCommand("cat", [arguments[1]])) { channel, bytes in
    if channel == .standardOutput { writer.feed(bytes) }
}
writer.finish()
let elapsedSeconds = seconds(since: started)
let megabytes = Double(writer.bytesIn) / 1_000_000
FileHandle.standardError.write(Data(String(
    format: "streamed %.0f MB in %.3f s: %.1f MB/s (%@)\n", megabytes, elapsedSeconds, megabytes / elapsedSeconds, termination.description
).utf8))
