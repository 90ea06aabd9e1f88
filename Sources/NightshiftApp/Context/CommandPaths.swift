import NightshiftCore
internal import Foundation
internal import NightshiftSystem

/// Paths as a command reads them: relative ones against the environment's current directory,
/// not the process's (the same folder in the executable; a temporary one in tests).
enum CommandPaths {
    /// A relative path stays as it is when `directory` is the process's own (always, in the
    /// executable): messages that quote the path (`cannot write 'reports/ok.xml'`) then read as
    /// the user wrote it.
    static func resolve(_ path: String, in directory: String) -> String {
        otherThanTheProcesses(directory).map { AbsolutePath.resolve(path, in: $0) } ?? path
    }

    /// `directory`, unless it is the process's own folder.
    static func otherThanTheProcesses(_ directory: String) -> String? {
        directory == FileManager.default.currentDirectoryPath ? nil : directory
    }
}

extension CommandContext {
    var currentDirectory: String { environment.currentDirectory }

    func resolve(_ path: String) -> String {
        CommandPaths.resolve(path, in: currentDirectory)
    }

    /// Where steps and child processes run: nil when that is the process's own folder.
    var runDirectory: String? { CommandPaths.otherThanTheProcesses(currentDirectory) }

    func shellSettings(
        _ environment: EnvironmentVariables, gracePeriod: Duration = .seconds(10), teardownSignal: TeardownSignal = TeardownSignal()
    ) -> ShellSettings {
        ShellSettings(environment: environment, gracePeriod: gracePeriod, teardownSignal: teardownSignal, workingDirectory: runDirectory)
    }

    /// `.nightshift` in the workspace under Jenkins, else in the working directory; absolute,
    /// because `security` reads relative keychain paths against ~/Library/Keychains. The scheduler
    /// daemon, its `nightshift run` children and `nightshift history` all agree on it.
    var stateDirectory: String {
        ci.stateRoot(fallback: currentDirectory + "/.nightshift")
    }

    var historyPath: String {
        stateDirectory + "/history.sqlite"
    }

    /// The folder a Pipeline job checks the repository out into, seen from here: the nearest one
    /// up holding `.git`, else the current folder.
    var repositoryRoot: String {
        var folder = URL(fileURLWithPath: currentDirectory, isDirectory: true).standardizedFileURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return currentDirectory }
            folder = parent
        }
        return folder.path
    }

    /// `--file` as an absolute path, read against the current directory.
    var absoluteLanesFile: String {
        AbsolutePath.standardized(options.file, in: currentDirectory)
    }

    /// The repository poll-SCM lanes (`when: changed`) look at: the lanes file's folder, whatever
    /// the daemon's working directory.
    var lanesFileFolder: String {
        (absoluteLanesFile as NSString).deletingLastPathComponent
    }

    /// Where schedules without `TZ=` or `timezone:` fire: `TZ`, else the machine's zone.
    var systemTimeZone: TimeZone {
        SystemTimeZone.resolve(environment: environment.variables, fallback: environment.systemTimeZone)
    }
}
