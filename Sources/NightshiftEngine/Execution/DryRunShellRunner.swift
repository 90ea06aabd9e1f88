public import NightshiftCore
public import NightshiftSystem
/// The shell of `--dry-run`: prints each command, masked, one per line, and runs nothing.
/// Production code, not a test fake: the dry run goes through the very same lane runner.
public actor DryRunShellRunner: ShellRunner {
    private let output: any OutputSink
    private let masker: SecretMasker
    private let answers: [DryRunAnswer]
    public private(set) var commands: [ShellCommand] = []

    /// `answers` stand in for read-only queries whose output later commands use (the keychain
    /// search list that cleanup restores), so the printed sequence is the one a real run makes.
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
        if let answer = answers.first(where: { $0.matches(command) }) {
            await onOutput(.standardOutput, Array(answer.standardOutput.utf8))
        }
        return .exited(0)
    }

    private func record(_ command: ShellCommand) {
        commands.append(command)
        output.out(masker.mask(CommandLineRendering.render(command)) + "\n")
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

    public static func quote(_ word: String) -> String {
        // A masked value reads the same everywhere, quoted or not; it could not be pasted anyway.
        word == Secret.mask ? word : ShellWord.quoted(word)
    }
}
