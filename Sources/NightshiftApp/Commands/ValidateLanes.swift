import NightshiftApple
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem

/// `nightshift validate`: checks the lanes file and every reference in it (exit 0 or 2), and
/// warns about the signing files `run` would refuse because they are missing.
public struct ValidateLanes: LanesFileCommand {
    public var global: LanesFileOptions

    public init(global: LanesFileOptions) {
        self.global = global
    }

    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        // Warnings, not errors: CI validates where the signing files are not (see SigningFilesCheck).
        let signing = SigningFilesCheck.diagnostics(
            file, environment: try context.loadEnvironment(), files: LocalSigningFileSystem(directory: context.runDirectory))
        if !signing.isEmpty { context.output.err(context.printer.render(signing)) }
        let lanes = file.lanes.count, configurations = file.configurations.count
        context.output.out(
            "\(file.path): \(lanes) lane\(lanes == 1 ? "" : "s"), \(configurations) configuration\(configurations == 1 ? "" : "s"): OK\n")
        return ExitStatus.success
    }
}
