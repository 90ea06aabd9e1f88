import ArgumentParser
import Foundation
import NightshiftApp

@main
struct Nightshift: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightshift",
        abstract: "Builds, signs and delivers Apple-platform apps from lanes.yml.",
        version: NightshiftVersion.current,
        subcommands: [
            RunCommand.self, LanesCommand.self, ValidateCommand.self, ProfilesCommand.self,
            CronCommand.self, NextCommand.self, ScheduleCommand.self, HistoryCommand.self,
            ExportCommand.self, SigningCommand.self, SchemaCommand.self, InitCommand.self, DoctorCommand.self, AppStoreCommand.self,
            CacheCommand.self,
        ])

    /// ArgumentParser exits 64 for usage errors; nightshift's contract is 2, like its lanes.yml
    /// errors, so parse and dispatch by hand.
    static func main() async {
        ProcessStartup.prepare()
        if let laneHelp = RunLaneHelp.request(Array(CommandLine.arguments.dropFirst())) {
            Foundation.exit(await laneHelp.execute(in: CompositionRoot.environment()))
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(ExitStatus.usage)
        }
    }
}

enum NightshiftVersion {
    static let current = "0.1.0"
}
