import Foundation
import NightshiftApp
import NightshiftFakeTransport
import NightshiftScheduling
import NightshiftServices
import NightshiftSystem
import NightshiftTestSupport

/// One command run in process: a temporary folder as its current directory (removed when the
/// harness goes), captured output, a manual clock, a strict scripted shell, and signals the
/// test sends.
final class AppHarness: Sendable {
    let directory: String
    /// `directory`, as the command's current directory.
    let folder: AbsolutePath
    let output = CapturingOutputSink()
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01T00:00:00Z
    /// Fails any command no test scripted.
    let shell = ScriptedShellRunner(fallback: nil)
    let signals = ManualSignals()

    init(lanes: String? = nil) throws {
        directory = NSTemporaryDirectory() + "nightshift-app-" + UUID().uuidString
        folder = try AbsolutePath(validating: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let lanes { try write(lanes, to: "lanes.yml") }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }

    func read(_ name: String) -> String? {
        try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }

    /// HOME is the temporary folder, TZ is UTC: nothing of the machine leaks in. The lanes file
    /// and `.env` files are read from disk, or from `files`.
    /// `transport`: what the command's service clients send through; by default any request
    /// fails (strict, as the shell is).
    func environment(
        _ variables: [String: String] = [:], files: any FileReading = DiskFiles(), transport: any HTTPTransport = ScriptedTransport()
    ) -> CommandEnvironment {
        let shell = self.shell
        return CommandEnvironment(
            currentDirectory: folder, files: files,
            variables: EnvironmentVariables(["HOME": directory, "TZ": "UTC"].merging(variables) { $1 }),
            output: output, clock: clock, makeShell: { _ in shell }, makeTransport: { transport }, standardErrorIsTerminal: false,
            processID: 4242,
            signals: signals, executablePath: "/usr/local/bin/nightshift", systemTimeZone: TimeZone(identifier: "UTC")!)
    }

    /// `environment(_:)` with the real shell, made from the settings the command asks for (its
    /// folder included), and this process's PATH.
    func realShellEnvironment(_ variables: [String: String] = [:], transport: any HTTPTransport = ScriptedTransport()) -> CommandEnvironment
    {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var environment = environment(["PATH": path].merging(variables) { $1 }, transport: transport)
        environment.makeShell = { ProcessShellRunner(environment: $0.environment, workingDirectory: $0.workingDirectory) }
        return environment
    }

    /// `nightshift run LANE…` of ./lanes.yml with every other option at its default.
    func run(_ lanes: String..., variables: [String: String] = [:], transport: any HTTPTransport = ScriptedTransport()) async -> Int32 {
        await RunLanes(global: LanesFileOptions(), lanes: lanes).execute(in: environment(variables, transport: transport))
    }

    var standardOutput: String { output.standardOutput }
    var standardError: String { output.standardError }
    /// Everything shown, both streams.
    var shown: String { standardOutput + standardError }
}

/// Signals a test sends to a command in process.
final class ManualSignals: SignalSource, @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [AsyncStream<Int32>.Continuation] = []

    func trap(_ signals: [Int32]) -> TrappedSignals {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        lock.withLock { continuations.append(continuation) }
        return TrappedSignals(signals: stream, cancel: { continuation.finish() })
    }

    /// How many traps were set, so far.
    var trapCount: Int { lock.withLock { continuations.count } }

    func send(_ signal: Int32) {
        for continuation in lock.withLock({ continuations }) { continuation.yield(signal) }
    }
}

enum Signals {
    /// The numbers are the same on Linux and macOS; the tests spell them so as to call no libc.
    static let hangUp: Int32 = 1
    static let interrupt: Int32 = 2
    static let terminate: Int32 = 15
}
