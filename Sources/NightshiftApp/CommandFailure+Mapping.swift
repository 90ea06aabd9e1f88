import NightshiftCore
import NightshiftCron
import NightshiftEngine
import NightshiftExport
import NightshiftLanes
import NightshiftScheduling
internal import NightshiftSystem

extension CommandFailure {
    /// The one mapping from what went wrong to what is printed and the exit status. Anything not
    /// named here is a command that could not do its work: its description, exit 1.
    init(mapping error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as LanesFileError:
            self.init(error.diagnostics, status: ExitStatus.usage)
        case let error as RunPreparationError:
            self.init(error.problems, status: ExitStatus.usage)
        case let error as LaneOptionProblems:
            self.init(error.diagnostics, status: ExitStatus.usage)
        case let error as DotEnvError:
            self.init([error.diagnostic], status: ExitStatus.usage)
        case let error as DotEnvUnreadable:
            self.init(
                [.error("cannot read \(error.path): \(error.reason)", at: SourceLocation(file: error.path))], status: ExitStatus.usage)
        case let error as ExportError:
            self.init([error.diagnostic], status: ExitStatus.usage)
        case is TimeArgumentError, is CronSyntaxError, is ScheduleError:
            self = .usage("\(error)")
        case let error as LaneLockUnavailable:
            self.init(error.message, status: ExitStatus.failed)
        case let error as HistoryUnreadable:
            self.init("cannot read the run history \(error.path): \(error.reason)", status: ExitStatus.failed)
        case let error as ReportNotWritten:
            self.init("cannot write report: \(error.reason)", status: ExitStatus.cannotWrite)
        case let error as FilesNotWritten:
            self.init("\(error.reason)", status: ExitStatus.cannotWrite)
        default:
            self.init("\(error)", status: ExitStatus.failed)
        }
    }
}

/// A `.env` file that exists (or `--env` names) but cannot be read.
struct DotEnvUnreadable: Error {
    var path: String
    /// As `lanes.yml`'s says it (`FileContents.problem`): "it is a FIFO", "no such file".
    var reason: String
}

/// The lock of a lane the scheduler launched is held by another process, or unusable.
struct LaneLockUnavailable: Error {
    var lanes: [String]
    var path: String
    var error: FileLockError

    var message: String {
        let names = lanes.map { "'\($0)'" }.joined(separator: ", ")
        switch error {
        case .held(_, let pid):
            return "lane \(names) is already running\(pid.map { " (pid \($0))" } ?? "") and holds \(path); not starting it again"
        case .cannotOpen, .notALockFile:
            return "\(error); not running lane \(names)"
        }
    }
}

/// `.nightshift/history.sqlite` exists but cannot be read.
struct HistoryUnreadable: Error {
    var path: String
    var reason: any Error
}

/// A `--junit` or `--json` report could not be written.
struct ReportNotWritten: Error {
    var reason: any Error
}

/// `export` could not write its files.
struct FilesNotWritten: Error {
    var reason: any Error
}
