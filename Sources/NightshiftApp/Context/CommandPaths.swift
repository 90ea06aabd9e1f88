import NightshiftCore
internal import Foundation
internal import NightshiftSystem

/// Paths as a command reads them: made absolute once, here, against the environment's current
/// directory (the process's own in the executable; a temporary one in tests), never the
/// process's. Inner layers take the `AbsolutePath` and do not read it again.
extension CommandContext {
    var currentDirectory: AbsolutePath { environment.currentDirectory }

    /// `path` as the user gave it (an option, a variable), read against the current directory.
    /// - Throws: a usage error (exit 2) when it holds a NUL byte.
    func absolute(_ path: String) throws(CommandFailure) -> AbsolutePath {
        do {
            return try AbsolutePath(validating: path, relativeTo: currentDirectory)
        } catch {
            throw .usage(error.description)
        }
    }

    /// `--file`, to read: `..` kept, for the kernel to take after any symlink before it.
    var lanesFile: AbsolutePath {
        get throws(CommandFailure) { try absolute(options.file) }
    }

    /// `--file` with `.` and `..` resolved: one spelling for one file, so `./lanes.yml` and
    /// `lanes.yml` name one journal, one service and one lock (issue #27).
    var absoluteLanesFile: AbsolutePath {
        get throws(CommandFailure) { try lanesFile.standardized }
    }

    /// The repository poll-SCM lanes (`when: changed`) look at: the lanes file's folder, whatever
    /// the daemon's working directory.
    var lanesFileFolder: AbsolutePath {
        get throws(CommandFailure) { try absoluteLanesFile.parent }
    }

    /// Where steps and child processes run: nil when that is the process's own folder.
    var runDirectory: String? {
        currentDirectory.string == FileManager.default.currentDirectoryPath ? nil : currentDirectory.string
    }

    func shellSettings(
        _ environment: EnvironmentVariables, gracePeriod: Duration = .seconds(10), teardownSignal: TeardownSignal = TeardownSignal()
    ) -> ShellSettings {
        ShellSettings(environment: environment, gracePeriod: gracePeriod, teardownSignal: teardownSignal, workingDirectory: runDirectory)
    }

    /// `.nightshift` in the workspace under Jenkins, else in the working directory; absolute,
    /// because `security` reads relative keychain paths against ~/Library/Keychains. The scheduler
    /// daemon, its `nightshift run` children and `nightshift history` all agree on it.
    /// A relative `$WORKSPACE` is read against the working directory.
    var stateDirectory: AbsolutePath {
        let fallback = currentDirectory.appending(".nightshift")
        return (try? AbsolutePath(validating: ci.stateRoot(fallback: fallback.string), relativeTo: currentDirectory)) ?? fallback
    }

    var historyPath: String {
        stateDirectory.appending("history.sqlite").string
    }

    /// The folder a Pipeline job checks the repository out into, seen from here: the nearest one
    /// up holding `.git`, else the current folder.
    var repositoryRoot: AbsolutePath {
        var folder = currentDirectory.standardized
        while !FileManager.default.fileExists(atPath: folder.appending(".git").string) {
            if folder == .root { return currentDirectory }
            folder = folder.parent
        }
        return folder
    }

    /// Where schedules without `TZ=` or `timezone:` fire: `TZ`, else the machine's zone.
    var systemTimeZone: TimeZone {
        SystemTimeZone.resolve(environment: environment.variables, fallback: environment.systemTimeZone)
    }
}
