import NightshiftApple
import NightshiftScheduling
import NightshiftSystem

/// `nightshift profiles`: each configuration's signing files, checked as `run` checks them.
public struct ShowProfiles: LanesFileCommand {
    public var global: LanesFileOptions

    public init(global: LanesFileOptions) {
        self.global = global
    }

    /// 1 when `run` would refuse to sign; 2 for a bad lanes file or `.env`.
    public func work(in context: CommandContext) async throws -> Int32 {
        let file = try context.loadLanesFile()
        let variables = try context.loadEnvironment()
        // openssl reads the .p12 files for real; the console masks the report.
        let shell = context.environment.makeShell(context.shellSettings(variables))
        // xcodebuild -showBuildSettings lists every signed bundle of each configuration's scheme.
        let report = ProfilesReport(
            files: LocalSigningFileSystem(directory: context.runDirectory), inspector: P12Inspector(shell: shell),
            bundles: SignedBundles(shell: shell))
        let output = await report.render(file, environment: variables, now: context.clock.now)
        context.output.out(output.text)
        return output.hasProblems ? ExitStatus.stepFailed : ExitStatus.success
    }
}
