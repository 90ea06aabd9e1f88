import NightshiftCore
public import NightshiftSystem
/// The shell of `--dry-run`: records each command and runs nothing. Production code, not a test
/// fake: the dry run goes through the very same lane runner, and its commands are shown through
/// the very same reporter as a real run's output, by the lane's `TranscribingShell` around it.
public actor DryRunShellRunner: ShellRunner {
    private let answers: [DryRunAnswer]
    public private(set) var commands: [ShellCommand] = []

    /// `answers` stand in for read-only queries whose output later commands use (the keychain
    /// search list that cleanup restores), so the sequence shown is the one a real run makes.
    public init(answers: [DryRunAnswer] = []) {
        self.answers = answers
    }

    public nonisolated func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        await record(command)
        if let answer = answers.first(where: { $0.matches(command) }) {
            await onOutput(.standardOutput, Array(answer.standardOutput.utf8))
        }
        return .exited(0)
    }

    private func record(_ command: ShellCommand) {
        commands.append(command)
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
