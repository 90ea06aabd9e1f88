import NightshiftLanes
import NightshiftSystem

/// `nightshift schema`: the JSON Schema of lanes.yml, for editors (`# yaml-language-server:
/// $schema=…`) and `check-jsonschema`. Rendered from the keys the loader checks.
public struct PrintSchema: AppCommand {
    public init() {}

    public var lanesFile: LanesFileOptions? { nil }
    public var pathOptions: [(option: String, path: String?)] { [] }

    public func work(in context: CommandContext) async throws -> Int32 {
        context.output.out(LanesSchema.document().printed())
        return ExitStatus.success
    }
}
