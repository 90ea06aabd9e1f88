import Foundation
import NightshiftTestSupport
import Testing
import NightshiftSystem
import Testing

@Suite("ProcessShellRunner", .temporaryDirectory)
struct ProcessShellRunnerTests {
    let runner = ProcessShellRunner(environment: ["PATH": testPATH, "FROM_BASE": "base"], gracePeriod: .milliseconds(300))

    /// The process state nightshift's `main` sets up: SIGPIPE ignored, so feeding a child that
    /// exits without reading its stdin is an EPIPE, not the end of the test process.
    init() {
        SignalTrap.prepareProcessSignals()
    }

    @Test("stdout and stderr arrive on their own channels and the exit code is returned")
    func channelsAndExitCode() async throws {
        let recorder = OutputRecorder()
        let termination = try await runner.run(.shell("echo out; echo err >&2; exit 3"), onOutput: recorder.onOutput)
        #expect(termination == .exited(3))
        #expect(recorder.stdout == "out\n")
        #expect(recorder.stderr == "err\n")
    }

    @Test("a child killed by a signal reports that signal")
    func signalled() async throws {
        let termination = try await runner.run(.shell("kill -9 $$"), onOutput: OutputRecorder().onOutput)
        #expect(termination == .signalled(9))
        #expect(!termination.succeeded)
    }

    @Test("the child sees the runner's environment with the command's overrides and nothing else")
    func environment() async throws {
        let recorder = OutputRecorder()
        let command = ShellCommand.shell(
            #"echo "$FROM_BASE $FROM_COMMAND ${HOME-no-home}""#, environment: ["FROM_COMMAND": "cmd"])
        _ = try await runner.run(command, onOutput: recorder.onOutput)
        #expect(recorder.stdout == "base cmd no-home\n")
        let overridden = OutputRecorder()
        _ = try await runner.run(.shell("echo $FROM_BASE", environment: ["FROM_BASE": "over"]), onOutput: overridden.onOutput)
        #expect(overridden.stdout == "over\n")
    }

    @Test("a bare name is found on the merged PATH, first match winning")
    func pathLookup() async throws {
        let directory = try TemporaryFolder()
        try directory.writeExecutable("greet", "#!/bin/sh\necho hello from $0\n")
        let recorder = OutputRecorder()
        let command = ShellCommand("greet", environment: ["PATH": "\(directory.path):\(testPATH)"])
        #expect(try await runner.run(command, onOutput: recorder.onOutput) == .exited(0))
        #expect(recorder.stdout == "hello from \(directory.path)/greet\n")
        let echo = OutputRecorder()
        _ = try await runner.run(ShellCommand("echo", ["a b", "c"]), onOutput: echo.onOutput)
        #expect(echo.stdout == "a b c\n")
    }

    @Test("an empty PATH entry means the working directory, as in a shell; a non-executable match is skipped")
    func emptyPathEntry() async throws {
        let directory = try TemporaryFolder()
        try directory.writeExecutable("tool", "#!/bin/sh\necho local tool\n")
        try FileManager.default.createDirectory(atPath: "\(directory.path)/shadow", withIntermediateDirectories: true)
        try directory.write("shadow/tool", "not executable")
        let recorder = OutputRecorder()
        let command = ShellCommand("tool", environment: ["PATH": "\(directory.path)/shadow::/bin"], workingDirectory: directory.path)
        #expect(try await runner.run(command, onOutput: recorder.onOutput) == .exited(0))
        #expect(recorder.stdout == "local tool\n")
    }

    @Test("a missing or non-executable command is a clear error, not a termination")
    func lookupErrors() async throws {
        let directory = try TemporaryFolder()
        try directory.write("plain", "echo no")
        let missing = await #expect(throws: ShellRunnerError.self) {
            try await runner.run(ShellCommand("no-such-tool-xyz"), onOutput: OutputRecorder().onOutput)
        }
        #expect(missing?.description.contains("not found on PATH") == true)
        let notExecutable = await #expect(throws: ShellRunnerError.self) {
            try await runner.run(ShellCommand("plain", environment: ["PATH": directory.path]), onOutput: OutputRecorder().onOutput)
        }
        #expect(notExecutable?.reason.contains("is not executable") == true)
        await #expect(throws: ShellRunnerError.self) {
            try await runner.run(ShellCommand("\(directory.path)/plain"), onOutput: OutputRecorder().onOutput)
        }
        await #expect(throws: ShellRunnerError.self) {
            try await runner.run(
                ShellCommand("/bin/true", workingDirectory: "\(directory.path)/missing"), onOutput: OutputRecorder().onOutput)
        }
    }

    @Test("standard input bytes reach the child and are then closed; otherwise stdin is empty")
    func standardInput() async throws {
        let recorder = OutputRecorder()
        let command = ShellCommand("cat", standardInput: Array("line one\nline two\n".utf8))
        #expect(try await runner.run(command, onOutput: recorder.onOutput) == .exited(0))
        #expect(recorder.stdout == "line one\nline two\n")
        let empty = OutputRecorder()
        #expect(try await runner.run(ShellCommand("cat"), onOutput: empty.onOutput) == .exited(0))
        #expect(empty.stdout.isEmpty)
    }

    @Test("input larger than a pipe reaches the child whole; a child that reads none of it still ends")
    func largeStandardInput() async throws {
        let input = Array(repeating: Array("0123456789abcdef\n".utf8), count: 20_000).flatMap { $0 }
        let counted = OutputRecorder()
        #expect(try await runner.run(ShellCommand("wc", ["-c"], standardInput: input), onOutput: counted.onOutput) == .exited(0))
        #expect(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(input.count)")
        #expect(try await runner.run(ShellCommand("true", standardInput: input), onOutput: OutputRecorder().onOutput) == .exited(0))
    }

    #if os(Linux)
    @Test("the child leads a process group of its own, blocks and ignores no signal, and inherits only stdin, stdout and stderr")
    func cleanChildState() async throws {
        // nightshift ignores SIGPIPE (the suite's init, as `main` does); a child must not inherit that.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let recorder = OutputRecorder()
        // The spawned process itself reports (a shell would change its mask while it waits).
        let status = ShellCommand("grep", ["-E", "^(Pid|NSpgid|SigBlk|SigIgn):", "/proc/self/status"])
        #expect(try await runner.run(status, onOutput: recorder.onOutput) == .exited(0))
        let fields = Dictionary(
            uniqueKeysWithValues: recorder.stdout.split(separator: "\n").map {
                let parts = $0.split(separator: "\t", maxSplits: 1)
                return (String(parts[0].dropLast()), String(parts.last ?? ""))
            })
        #expect(fields["Pid"] != nil && fields["Pid"] == fields["NSpgid"], "pid and process group: \(fields)")
        #expect(fields["SigBlk"] == "0000000000000000")
        // Bits 31 and 32 are signals 32 and 33, glibc's own (thread cancellation, setxid): posix_spawn
        // cannot reset them, and every glibc program installs its handlers for them at start.
        let ignored = UInt64(fields["SigIgn"] ?? "", radix: 16).map { $0 & ~(UInt64(0b11) << 31) }
        #expect(ignored == 0, "ignored signals: \(fields["SigIgn"] ?? "none")")
        let descriptors = OutputRecorder()
        #expect(try await runner.run(.shell("ls /proc/$$/fd"), onOutput: descriptors.onOutput) == .exited(0))
        #expect(descriptors.stdout.split(separator: "\n") == ["0", "1", "2"])
    }
    #endif

    @Test("the command runs in its working directory, where relative paths resolve")
    func workingDirectory() async throws {
        let directory = try TemporaryFolder()
        try directory.writeExecutable("local.sh", "#!/bin/sh\npwd\n")
        let recorder = OutputRecorder()
        _ = try await runner.run(ShellCommand("./local.sh", workingDirectory: directory.path), onOutput: recorder.onOutput)
        #expect(recorder.stdout == "\(directory.path)\n")
    }

    @Test("a run cancelled before it starts spawns nothing")
    func cancelledBeforeStart() async throws {
        let recorder = OutputRecorder()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await runner.run(.shell("echo started"), onOutput: recorder.onOutput)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(recorder.stdout.isEmpty)
    }
}
