import NightshiftCore
import NightshiftScheduling
import NightshiftSystem

/// `nightshift validate`: checks the lanes file and every reference in it (exit 0 or 2).
public struct ValidateLanes: LanesFileCommand {
    public var global: LanesFileOptions

    public init(global: LanesFileOptions) {
        self.global = global
    }

    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let lanes = file.lanes.count, configurations = file.configurations.count
        context.output.out(
            "\(file.path): \(lanes) lane\(lanes == 1 ? "" : "s"), \(configurations) configuration\(configurations == 1 ? "" : "s"): OK\n")
        return ExitStatus.success
    }
}
