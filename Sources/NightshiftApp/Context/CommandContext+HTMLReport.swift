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
            try writeHTMLReport(HTMLReport(results: results, configurations: configurations), into: folder, shownAs: name)
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
                output.err("warning: the lane's HTML report was not written: \(error)\n")
            }
        }
    }

    /// `index.html` and its stylesheet, each replaced atomically, the stylesheet first: a page
    /// never names a stylesheet that is not there yet.
    private func writeHTMLReport(_ report: HTMLReport, into folder: AbsolutePath, shownAs name: String) throws {
        let files = report.render(in: folder, secrets: secrets)
        try DirectoryCreation.create(folder.string)
        let shown = name.hasSuffix("/") ? String(name.dropLast()) : name
        try ReportFile.write(
            Array(files.stylesheet.utf8), to: folder.appending(HTMLReport.stylesheetName), shownAs: shown + "/" + HTMLReport.stylesheetName)
        try ReportFile.write(
            Array(files.index.text.utf8), to: folder.appending(HTMLReport.indexName), shownAs: shown + "/" + HTMLReport.indexName)
    }
}
