public import NightshiftSystem

/// A `ShellRunner` for tests: records every command, and answers from a script of responses
/// matched on the argv array (never a joined string). An unscripted command fails loudly: it
/// cannot be started (a launch failure naming it), and it is kept in `unscripted` for tests to
/// assert on (`#expect(await shell.unscripted.isEmpty)`).
public actor ScriptedShellRunner: ShellRunner {
    public enum Response: Sendable {
        /// Output chunks (each delivered as its own read), then the termination.
        case output([(OutputChannel, String)], Termination)
        /// Suspends until cancelled, as a hung process would.
        case hang
        /// The command cannot be started.
        case launchFailure(String)

        /// Exits 0 with no output.
        public static var succeeds: Response { .output([], .exited(0)) }
    }

    public struct Rule: Sendable {
        var matches: @Sendable (ShellCommand) -> Bool
        var responses: [Response]
    }

    private var rules: [Rule] = []
    public private(set) var commands: [ShellCommand] = []
    /// The commands no rule matched, in order.
    public private(set) var unscripted: [ShellCommand] = []
    /// Answer for commands no rule matches; nil makes them a launch failure naming the command.
    private var fallback: Response?

    /// Strict unless told otherwise: pass a `fallback` only where a test means "whatever the
    /// command, it answers this", and say why.
    public init(fallback: Response? = nil) {
        self.fallback = fallback
    }

    /// Scripts the responses for commands whose argv starts with `prefix`, used in order; the last
    /// one repeats.
    public func on(_ prefix: [String], _ responses: Response...) {
        on(prefix, responses: responses)
    }

    public func on(_ prefix: [String], responses: [Response]) {
        rules.append(Rule(matches: { Array($0.argv.prefix(prefix.count)) == prefix }, responses: responses))
    }

    /// Scripts the responses for `sh` steps whose script contains `fragment`.
    public func onScript(containing fragment: String, _ responses: Response...) {
        rules.append(Rule(matches: { $0.executable == "/bin/sh" && ($0.arguments.last ?? "").contains(fragment) }, responses: responses))
    }

    /// Scripts `sh` steps whose whole script is one of `scripts` to exit 0 with no output.
    public func onScripts(_ scripts: String...) {
        rules.append(Rule(matches: { $0.executable == "/bin/sh" && scripts.contains($0.arguments.last ?? "") }, responses: [.succeeds]))
    }

    public var argvs: [[String]] { commands.map(\.argv) }

    public nonisolated func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        let response = await nextResponse(for: command)
        switch response {
        case .output(let chunks, let termination):
            for (channel, text) in chunks { await onOutput(channel, Array(text.utf8)) }
            return termination
        case .hang:
            while true { try await Task.sleep(for: .seconds(3600)) }
        case .launchFailure(let reason):
            throw ShellRunnerError(executable: command.executable, reason: reason)
        }
    }

    private func nextResponse(for command: ShellCommand) -> Response {
        commands.append(command)
        guard let index = rules.firstIndex(where: { $0.matches(command) }) else {
            unscripted.append(command)
            return fallback ?? .launchFailure("unscripted command: \(command.argv)")
        }
        let response = rules[index].responses[0]
        if rules[index].responses.count > 1 { rules[index].responses.removeFirst() }
        return response
    }
}
