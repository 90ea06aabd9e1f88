import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftSystem

extension CommandContext {
    /// Relative report paths are taken from the current directory, as every tool's are: in a
    /// Jenkins `sh` step that is `$WORKSPACE` (or the `dir()` around it, where `junit` looks too).
    /// Whether every report asked for was written; a missing one is named on stderr.
    func writeReports(_ results: [LaneResult], junit: String?, json: String?) -> Bool {
        // Masked whole, as files: lane names and paths are in them, not only step output.
        let masker = output.masker
        do {
            if let junit {
                try write(
                    masker.mask(JUnitReport(results: results, properties: ci.reportProperties.map { ($0.name, $0.value) }).render()),
                    to: junit)
            }
            if let json {
                try write(masker.mask(String(decoding: try JSONReport(results: results).render(), as: UTF8.self)) + "\n", to: json)
            }
            return true
        } catch {
            report(ReportNotWritten(reason: error))
            return false
        }
    }

    private func write(_ text: String, to path: String) throws {
        let path = resolve(path)
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try ReportFile.write(Array(text.utf8), to: path)
    }
}
