public import NightshiftCore
public import NightshiftSystem
/// Runs `sh:` steps. The script goes to `/bin/sh -c` exactly as written: variables reach it as
/// environment variables and the shell expands them, so a value is never spliced into the script
/// text (no quoting bugs, no injection).
public struct ShellStepPerformer: StepPerformer {
    public init() {}

    public func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard case .sh(let script) = step.kind else { throw StepFailure("not a shell step") }
        return try await context.run(.shell(script.raw, environment: context.environment.values), echo: false)
    }
}
