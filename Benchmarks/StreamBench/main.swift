import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

// Benchmarks of the step runner (release builds only; driven by scripts/bench-*):
//   nightshift-stream-bench FILE SECRET...        `cat FILE` through ProcessShellRunner, masked,
//                                                 to stdout: the streaming figure
//   nightshift-stream-bench --lane SCRIPT SECRET... one `sh:` step running SCRIPT through a real
//                                                 lane (LaneRunner, recorder, step log, console
//                                                 reporter) to stdout: the memory figure
//   nightshift-stream-bench --spawn N [SCRIPT]     N runs of `true` (or `sh -c SCRIPT`) through the runner
//   nightshift-stream-bench --steps N [--journal]  a lane of N `sh: true` steps, in process
//                                                 (with the run journal, as `nightshift run` keeps it)
// Timing goes to stderr.

SignalTrap.prepareProcessSignals()
let arguments = CommandLine.arguments
let environment = EnvironmentVariables(ProcessInfo.processInfo.environment)
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: nightshift-stream-bench [--lane SCRIPT | --spawn N | FILE] SECRET...\n".utf8))
    exit(2)
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func report(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let residentBefore = Memory.resident
Memory.resetPeak()
switch arguments[1] {
case "--spawn":
    let count = Int(arguments.count > 2 ? arguments[2] : "") ?? 1_000
    let command = arguments.count > 3 ? ShellCommand.shell(arguments[3]) : ShellCommand("true")
    let runner = ProcessShellRunner(environment: environment)
    let start = ContinuousClock.now
    let cpu = ProcessUsage.cpuSeconds
    for _ in 0..<count {
        _ = try await runner.run(command) { _, _ in }
    }
    let total = seconds(since: start)
    print(
        String(
            format: "%d spawns of %@ in %.3f s: %.0f µs each, own CPU %.0f µs each", count, command.argv.joined(separator: " "),
            total, total / Double(count) * 1e6, (ProcessUsage.cpuSeconds - cpu) / Double(count) * 1e6))
case "--lane":
    guard arguments.count >= 3 else { exit(2) }
    let started = ContinuousClock.now
    let result = try await LaneStream(scripts: [arguments[2]], secrets: Array(arguments.dropFirst(3)), environment: environment).run()
    report(String(format: "lane %@ in %.3f s, ", result.status.rawValue, seconds(since: started)) + Memory.describe(before: residentBefore))
case "--steps":
    let count = Int(arguments.count > 2 ? arguments[2] : "") ?? 1_000
    let started = ContinuousClock.now
    let cpu = ProcessUsage.cpuSeconds
    let result = try await LaneStream(
        scripts: Array(repeating: "true", count: count), secrets: [], environment: environment,
        journal: arguments.contains("--journal")
    ).run()
    let total = seconds(since: started)
    report(
        String(
            format: "lane of %d steps %@ in %.3f s: %.0f µs per step, own CPU %.0f µs per step", count, result.status.rawValue,
            total, total / Double(count) * 1e6, (ProcessUsage.cpuSeconds - cpu) / Double(count) * 1e6))
default:
    let stream = RunnerStream(secrets: Array(arguments.dropFirst(2)))
    let started = ContinuousClock.now
    let termination = try await ProcessShellRunner(environment: environment).run(ShellCommand("cat", [arguments[1]])) { channel, bytes in
        if channel == .standardOutput { stream.feed(bytes) }
    }
    stream.finish()
    let elapsed = seconds(since: started)
    let megabytes = Double(stream.bytesIn) / 1_000_000
    report(
        String(format: "streamed %.0f MB in %.3f s: %.1f MB/s (%@), ", megabytes, elapsed, megabytes / elapsed, termination.description)
            + Memory.describe(before: residentBefore))
}
