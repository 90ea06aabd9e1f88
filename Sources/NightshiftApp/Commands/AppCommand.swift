/// A command of the application layer, as its work in a context. `execute(in:)` builds the
/// context from the options and the environment, prints what the work throws (the one mapping
/// of `CommandFailure(mapping:)`) and gives the exit status: the executable's commands call it.
public protocol AppCommand: Sendable {
    /// nil for the commands that read no lanes file (`cron`, `history`): no `.env` files either.
    var lanesFile: LanesFileOptions? { get }
    /// Every option naming a path, as spelled (`PathOptions`): checked before `work` starts.
    var pathOptions: [(option: String, path: String?)] { get }
    func work(in context: CommandContext) async throws -> Int32
}

extension AppCommand {
    public func execute(in environment: CommandEnvironment) async -> Int32 {
        let context = CommandContext(options: lanesFile, environment: environment)
        return await context.perform {
            if let problem = pathProblem { throw CommandFailure.usage(problem) }
            return try await work(in: context)
        }
    }
}

/// A command on the lanes file the global options name (`--file`, `--env`).
public protocol LanesFileCommand: AppCommand {
    var global: LanesFileOptions { get }
}

extension LanesFileCommand {
    public var lanesFile: LanesFileOptions? { global }
}
