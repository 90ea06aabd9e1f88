import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftSystem

/// The HTML report (issue #28): into `--html DIR` when asked, for every lane of the run, and
/// always into each lane's run folder (`<run folder>/report/`), for that lane alone, so a run
/// started by the scheduler or by hand has one to open as well.
extension CommandContext {
    /// The run folder's report: `report/` inside it.
    static let runFolderReportName = "report"

    /// `--html DIR`. Whether it was written; a failure is reported as `--junit`'s is.
    func writeHTMLReport(_ results: [LaneResult], into name: String, configurations: [String: String]) -> Bool {
        do {
            let folder = try absolute(name)
            try DirectoryCreation.create(folder.string)
            let copies = copyLogs(of: results, into: folder)
            try writeHTMLReport(
                HTMLReport(results: results, configurations: configurations), into: folder, shownAs: name, logCopies: copies)
            return true
        } catch {
            report(ReportNotWritten(reason: error))
            return false
        }
    }

    /// Each lane's own report in its run folder; one that cannot be written is a warning naming
    /// where, and changes no exit status: nobody asked for it, and the lane's result stands.
    func writeRunFolderReports(_ results: [LaneResult], configurations: [String: String]) {
        for result in results where !result.logFolder.isEmpty {
            let name = result.logFolder + "/" + Self.runFolderReportName
            do {
                try writeHTMLReport(
                    HTMLReport(results: [result], configurations: configurations), into: try absolute(name), shownAs: name)
            } catch {
                tell(.warning("the lane's HTML report was not written: \(error)", at: nil))
            }
        }
    }

    /// `index.html` and its stylesheet, each replaced atomically, the stylesheet first: a page
    /// never names a stylesheet that is not there yet.
    private func writeHTMLReport(
        _ report: HTMLReport, into folder: AbsolutePath, shownAs name: String, logCopies: [String: AbsolutePath] = [:]
    ) throws {
        let files = report.render(in: folder, secrets: secrets, logCopies: logCopies)
        try DirectoryCreation.create(folder.string)
        let shown = name.hasSuffix("/") ? String(name.dropLast()) : name
        try ReportFile.write(
            Array(files.stylesheet.utf8), to: folder.appending(HTMLReport.stylesheetName), shownAs: shown + "/" + HTMLReport.stylesheetName)
        try ReportFile.write(
            Array(files.index.text.utf8), to: folder.appending(HTMLReport.indexName), shownAs: shown + "/" + HTMLReport.indexName)
    }

    /// `--html DIR` is published on its own (Jenkins' HTML Publisher keeps that folder alone, a
    /// CI artifact upload takes it whole), so its links must stay inside it: each step log is
    /// placed in `DIR/logs/` as `<lane number>-<log name>` (hard-linked, else copied; the logs
    /// are already masked, line by line, as they were written). A log that cannot be placed
    /// is a warning, and the page links it where the run wrote it.
    private func copyLogs(of results: [LaneResult], into folder: AbsolutePath) -> [String: AbsolutePath] {
        let logs = folder.appending("logs")
        var copies: [String: AbsolutePath] = [:]
        for (index, result) in results.enumerated() {
            for log in result.steps.compactMap(\.logPath) where copies[log] == nil {
                guard let source = try? AbsolutePath(validating: log), log.hasPrefix("/") else { continue }
                let copy = logs.appending("\(index + 1)-\(source.lastComponent)")
                do {
                    if copies.isEmpty { try DirectoryCreation.create(logs.string) }
                    try FileCopy.place(source.string, at: copy.string)
                    copies[log] = copy
                } catch {
                    tell(.warning("the log \(log) is linked where it is, not copied beside the HTML report: \(error)", at: nil))
                }
            }
        }
        return copies
    }
}
