import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftSystem

extension CommandContext {
    /// Every report of a run (`--junit`, `--json`, `--html`, the run folders' pages, GitHub's step
    /// summary), written on a thread of their own while the run still answers signals (issue #38
    /// §12): a FIFO whose reader stopped reading would otherwise hold the process after its lanes
    /// ended, deaf to SIGTERM. A signal abandons what is left, which counts as not written.
    func writeRunReports(
        _ results: [LaneResult], junit: String?, json: String?, html: String?, configurations: [String: String],
        interruption: RunInterruption
    ) async -> Bool {
        let written = await interruption.runUntilInterrupted { [self] in
            await AbandonableWork.run { [self] in
                var written = writeReports(results, junit: junit, json: json)
                writeRunFolderReports(results, configurations: configurations)
                appendStepSummary(results)
                if let html { written = writeHTMLReport(results, into: html, configurations: configurations) && written }
                return written
            }
        }
        if written == nil { tell(.error("interrupted while the reports were written; those not yet written were abandoned", at: nil)) }
        return written ?? false
    }

    /// Relative report paths are taken from the current directory, as every tool's are: in a
    /// Jenkins `sh` step that is `$WORKSPACE` (or the `dir()` around it, where `junit` looks too).
    /// Whether every report asked for was written; a missing one is named on stderr.
    func writeReports(_ results: [LaneResult], junit: String?, json: String?) -> Bool {
        // Masked whole, as files, with every secret the run learned: lane names and paths are in
        // them, not only step output.
        do {
            if let junit {
                try write(
                    secrets.masked(JUnitReport(results: results, properties: ci.reportProperties.map { ($0.name, $0.value) }).render()),
                    to: junit)
            }
            if let json {
                try write(secrets.masked(String(decoding: try JSONReport(results: results).render(), as: UTF8.self) + "\n"), to: json)
            }
            return true
        } catch {
            report(ReportNotWritten(reason: error))
            return false
        }
    }

    /// Takes `MaskedText` only: a report cannot be written without the run's secrets. `name` as
    /// the user wrote it, for messages; the file is the one it names from the current directory,
    /// its folders made first.
    private func write(_ masked: MaskedText, to name: String) throws {
        let path = try absolute(name)
        try FileManager.default.createDirectory(atPath: path.parent.string, withIntermediateDirectories: true)
        try ReportFile.write(Array(masked.text.utf8), to: path, shownAs: name)
    }
}
