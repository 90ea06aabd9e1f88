import Foundation
import NightshiftSystem

/// `journal.json`'s bytes (`JournalWriter`), and reading them back.
enum JournalCoding {
    /// `steps`: each step's JSON (`JournalWriter.step`), made once when the step finished rather
    /// than for every write of the journal.
    static func encode(_ journal: RunJournal, steps: [String]) -> [UInt8] {
        Array(JournalWriter.journal(journal, steps: steps).utf8)
    }

    static func encode(_ journal: RunJournal) -> [UInt8] {
        encode(journal, steps: journal.steps.map(JournalWriter.step))
    }

    /// 64 MiB: a journal holds what each step was made from and left, never its output; a
    /// 1,000-step lane with an output per step writes 556 KB, so this is over 100,000 such
    /// steps. A larger file was not written by nightshift, and decoding it would cost several
    /// times its size in memory (a crafted 500 MB journal passed the fuzzer's 500 MB limit).
    static let maximumSize: Int64 = 64 << 20

    /// `journal.json`'s bytes at `path`; a file that is absent is no run, one that is not a
    /// regular file or is too large is refused without being read.
    static func contents(of path: String, lane: String, runID: String, known: () -> [String]) throws(JournalProblem) -> Data {
        do {
            return try WholeFile.contents(of: path, atMost: maximumSize)
        } catch {
            switch error {
            case .absent: throw .noRun(lane: lane, runID: runID, known: known())
            default: throw .unreadable(path: path, reason: error.reason(reading: path, limit: maximumSize))
            }
        }
    }

    /// Only the version, read first: a newer journal is refused before its shape is guessed at.
    private struct Version: Decodable { var version: Int }

    /// What choosing a run to resume needs, decoded without the steps: `JournalStore.newest`
    /// looks at every run of the lane, and on Linux each step costs about 0.1 ms to decode (a
    /// crafted journal of 20,000 steps took 4 s, decoded twice).
    struct Header: Decodable {
        var runID: String
        var lanesFile: LanesFileRecord
        var status: JournalStatus
    }

    static func decodeHeader(_ data: Data, path: String) throws(JournalProblem) -> Header {
        let decoder = try decoder(checkingVersionOf: data, path: path)
        do {
            return try decoder.decode(Header.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "it is not a journal (truncated or corrupt)")
        }
    }

    /// A decoder for `data`, once its version is one this build reads.
    private static func decoder(checkingVersionOf data: Data, path: String) throws(JournalProblem) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let version = try? decoder.decode(Version.self, from: data) else {
            throw .unreadable(path: path, reason: data.isEmpty ? "it is empty" : "it is not a journal (truncated or corrupt)")
        }
        if version.version > RunJournal.currentVersion {
            throw .unreadable(
                path: path,
                reason: "it is version \(version.version), from a newer nightshift (this one reads up to \(RunJournal.currentVersion))")
        }
        return decoder
    }

    static func decode(_ data: Data, path: String) throws(JournalProblem) -> RunJournal {
        let decoder = try decoder(checkingVersionOf: data, path: path)
        let journal: RunJournal
        do {
            journal = try decoder.decode(RunJournal.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "it is not a journal (truncated or corrupt)")
        }
        // The next attempt's number is counted from these: a crafted Int.max would trap.
        guard journal.attempts.allSatisfy({ (1...RunJournal.maxAttempts).contains($0.number) }) else {
            throw .unreadable(path: path, reason: "its attempt numbers are not 1 to \(RunJournal.maxAttempts)")
        }
        return journal
    }
}

/// Why a run cannot be resumed. Nothing has run when one is raised: exit 2.
public enum JournalProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// `otherFiles`: runs of the lane passed over because another lanes file made them.
    case noRun(lane: String, runID: String?, known: [String], otherFiles: [String] = [])
    /// `--resume RUN-ID` naming no folder a run could have (`../x`): the id is used as a path.
    case notARunID(String)
    case otherLanesFile(runID: String, recorded: String, now: String)
    case stillRunning(runID: String, pid: Int32?)
    case otherLane(runID: String, recorded: String, now: String)
    case noStep(step: String, lane: String, names: [String])
    /// `--from STEP`: an earlier step's work is not there to start from.
    case missingBefore(from: String, step: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot resume from \(path): \(reason)"
        case .noRun(let lane, let runID?, _, _): "no run '\(runID)' of lane '\(lane)' to resume"
        case .noRun(let lane, nil, _, _): "no failed or interrupted run of lane '\(lane)' to resume"
        case .notARunID(let runID): "'\(runID)' is not a run id: a run id names a folder (letters, digits, '-', '_', '.')"
        case .otherLanesFile(let runID, let recorded, let now):
            "run '\(runID)' ran the lanes of \(recorded), not \(now): it cannot be resumed with this file"
        case .stillRunning(let runID, let pid): "run '\(runID)' is still running\(pid.map { " (pid \($0))" } ?? ""): not resumed"
        case .otherLane(let runID, let recorded, let now): "run '\(runID)' is a run of lane '\(recorded)', not '\(now)'"
        case .noStep(let step, let lane, _): "lane '\(lane)' has no step named '\(step)'"
        case .missingBefore(let from, let step, let reason): "cannot start at '\(from)': '\(step)' \(reason)"
        }
    }
}
