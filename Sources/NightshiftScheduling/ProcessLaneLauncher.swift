import Foundation
import NightshiftCore
import NightshiftEngine
public import NightshiftSystem

/// Launches `nightshift run LANE --file F [--env NAME]` as a child process through the injected
/// `ShellRunner`, so a crashing lane only ends its own process. The child's output goes to
/// `<runs>/<lane>/<runID>/scheduler.log`; `NIGHTSHIFT_RUN_ID` tells the child which run folder to
/// use, and `NIGHTSHIFT_LANE_LOCK` which lane lock to hold while it runs (`LaneLockFiles`).
public struct ProcessLaneLauncher: LaneLauncher {
    private let shell: any ShellRunner
    private let executable: String
    private let lanesFile: String
    private let environmentName: String?
    private let workingDirectory: String?
    private let stateDirectory: AbsolutePath
    private let locks: LaneLockFiles

    /// - Parameters:
    ///   - executable: the nightshift binary (the daemon's own path).
    ///   - stateDirectory: the `.nightshift` folder the run folders live in.
    public init(
        shell: any ShellRunner, executable: String, lanesFile: String, environmentName: String?,
        workingDirectory: String?, stateDirectory: AbsolutePath
    ) {
        self.shell = shell
        self.executable = executable
        self.lanesFile = lanesFile
        self.environmentName = environmentName
        self.workingDirectory = workingDirectory
        self.stateDirectory = stateDirectory
        locks = LaneLockFiles(stateDirectory: stateDirectory.string)
    }

    public func command(for launch: LaneLaunch) -> ShellCommand {
        // One word each, so a value with spaces reaches `nightshift run` whole.
        var arguments = ["run", launch.lane] + launch.options.keys.sorted().map { "\($0)=\(launch.options[$0] ?? "")" }
        arguments += ["--file", lanesFile]
        if let environmentName { arguments += ["--env", environmentName] }
        var environment = [RunIdentifier.variable: launch.runID, LaneLockFiles.variable: locks.path(lane: launch.lane)]
        for (name, value) in launch.secretOptions { environment[LaneOption.variableName(for: name)] = value }
        return ShellCommand(executable, arguments, environment: environment, workingDirectory: workingDirectory)
    }

    public func logFolder(for launch: LaneLaunch) -> String {
        logs(of: launch).string
    }

    private func logs(of launch: LaneLaunch) -> AbsolutePath {
        RunFolders(root: stateDirectory, lane: launch.lane, runID: launch.runID).logs
    }

    public func launch(_ launch: LaneLaunch) async -> LaneLaunchOutcome {
        let folder = logs(of: launch)
        let log = LaunchLog(path: folder.appending("scheduler.log"))
        let termination: Termination?
        do {
            termination = try await shell.run(command(for: launch)) { _, bytes in await log.append(bytes) }
        } catch {
            await log.append(Array("\(error)\n".utf8))
            termination = nil
        }
        await log.close()
        return LaneLaunchOutcome(termination: termination, logFolder: folder.string, logProblem: await log.problem)
    }
}

/// Appends a child's output to its log file as it arrives, through `WritableFile`, which reports
/// a failed write (a full disk) instead of trapping as `FileHandle.write` does: a log that cannot
/// be written must never take the daemon down. The first problem is kept for the daemon's log.
private actor LaunchLog {
    private var file: WritableFile?
    private(set) var problem: String?

    init(path: AbsolutePath) {
        do {
            try FileManager.default.createDirectory(atPath: path.parent.string, withIntermediateDirectories: true)
            file = try WritableFile(creatingOrTruncating: path.string)
        } catch {
            problem = "cannot write the lane's log: \(error)"
        }
    }

    func append(_ bytes: [UInt8]) {
        guard let file else { return }
        let written = bytes.withUnsafeBytes { file.write($0) }
        guard !written else { return }
        // Whatever failed (a full disk) would fail again: the rest of the output is dropped.
        problem =
            "\(file.failure.map(String.init(describing:)) ?? "cannot write '\(file.path)'"); the rest of the lane's output is not in it"
        file.close()
        self.file = nil
    }

    func close() {
        file?.close()
        file = nil
    }
}
