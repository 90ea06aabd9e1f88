import NightshiftCore
import NightshiftExport
import NightshiftSystem

/// What every `nightshift export …` does around its generator.
extension CommandContext {
    /// `--file` as the exported job names it: relative to the repository it checks out.
    var exportedLanesFilePath: String {
        get throws { ExportedLanesFile.path(try lanesFile, root: repositoryRoot) }
    }

    /// Prints the export's warnings to stderr, writes its files into `output` and names each
    /// on stdout.
    func write(_ export: Export, into output: String) throws -> Int32 {
        if !export.warnings.isEmpty { self.output.err(printer.render(export.warnings)) }
        do {
            try ExportWriter().write(export.files, into: try absolute(output), shownAs: output)
        } catch {
            throw FilesNotWritten(reason: error)
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        self.output.out(export.files.map { "wrote \(folder)\($0.fileName)\n" }.joined())
        return ExitStatus.success
    }
}
