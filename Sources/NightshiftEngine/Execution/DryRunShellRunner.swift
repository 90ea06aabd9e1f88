public import NightshiftCore
public import NightshiftSystem
/// The shell of `--dry-run`: shows each command, masked, and runs nothing. Production code, not
/// a test fake: the dry run goes through the very same lane runner, and its commands go through
/// the very same reporter as a real run's output: each one, as `$ command`, is a line of the
/// output of the step (or cleanup action) that runs it (see `DryRunTranscript`).
public actor DryRunShellRunner: ShellRunner {
    private let output: any OutputSink
    private let masker: SecretMasker
    private let answers: [DryRunAnswer]
    public private(set) var commands: [ShellCommand] = []

    /// `answers` stand in for read-only queries whose output later commands use (the keychain
    /// search list that cleanup restores), so the printed sequence is the one a real run makes.
    /// `output` gets the commands run outside any step, which a run does not make today.
    public init(output: any OutputSink, masker: SecretMasker, answers: [DryRunAnswer] = []) {
        self.output = output
        self.masker = masker
        self.answers = answers
    }

    public nonisolated func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        await record(command)
        let line = CommandLineRendering.transcript(command)
        if let step = DryRunTranscript.step {
            await step(line)
        } else {
            output.out(masker.mask(line) + "\n")
        }
        if let answer = answers.first(where: { $0.matches(command) }) {
            await onOutput(.standardOutput, Array(answer.standardOutput.utf8))
        }
        return .exited(0)
    }

    private func record(_ command: ShellCommand) {
        commands.append(command)
    }
}

/// Where a dry run's command lines go: the output of the step or cleanup action whose task runs
/// them. The shell is shared by every step and lane (and by the keychain and the uploaders,
/// built before any step): a task-local is what tells it whose command it is shown, without
/// every performer passing its step along.
public enum DryRunTranscript {
    /// Takes a command line (unmasked; the step's output masks it) for the running step.
    @TaskLocal public static var step: (@Sendable (String) async -> Void)?

    /// Runs `operation` with the commands it makes shown through `show`; nil leaves them as they are.
    static func showing<T: Sendable>(
        through show: (@Sendable (String) async -> Void)?, _ operation: () async -> T
    ) async -> T {
        guard let show else { return await operation() }
        return await $step.withValue(show) { await operation() }
    }
}

/// What a dry run answers for a command whose argv is exactly `argv`: it is not run, yet the
/// commands that depend on its output are printed as a real run would make them.
public struct DryRunAnswer: Sendable, Hashable {
    public var argv: [String]
    public var standardOutput: String

    public init(argv: [String], standardOutput: String) {
        self.argv = argv
        self.standardOutput = standardOutput
    }

    func matches(_ command: ShellCommand) -> Bool { command.argv == argv }
}

/// How a command is shown to people: a shell script as written, anything else as a line a user
/// could paste into a shell.
public enum CommandLineRendering {
    public static func render(_ command: ShellCommand) -> String {
        if command.executable == "/bin/sh", command.arguments.count == 2, command.arguments[0] == "-c" {
            return command.arguments[1]
        }
        var words = command.argv.map(quote)
        if command.standardInput != nil { words.append("< (stdin)") }
        if let directory = command.workingDirectory { words.insert("(cd \(quote(directory)) &&", at: 0); words.append(")") }
        return words.joined(separator: " ")
    }

    /// The command as a shell transcript shows it: `$ ` before its first line, a script's further
    /// lines indented to match, without the script's last newline.
    public static func transcript(_ command: ShellCommand) -> String {
        var lines = render(command).split(separator: "\n", omittingEmptySubsequences: false)
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines.enumerated().map { $0.offset == 0 ? "$ " + $0.element : ($0.element.isEmpty ? "" : "  " + $0.element) }
            .joined(separator: "\n")
    }

    public static func quote(_ word: String) -> String {
        // A masked value reads the same everywhere, quoted or not; it could not be pasted anyway.
        word == Secret.mask ? word : ShellWord.quoted(word)
    }
}
