import Foundation
import NightshiftSchema

/// The DWARF files inside a folder of `.dSYM` bundles (`X.dSYM/Contents/Resources/DWARF/X`):
/// what BugSnag takes one per request (bugsnag/bugsnag-dsym-upload sends them so).
enum DSYMFiles {
    static func dwarfFiles(in folder: String) -> [String] {
        SymbolCoverage.bundles(in: folder).flatMap { bundle -> [String] in
            let dwarf = "\(bundle)/Contents/Resources/DWARF"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dwarf)) ?? []
            return names.sorted().map { "\(dwarf)/\($0)" }
        }
    }
}

extension UploadRequest {
    /// The run's side of a dSYM upload; the step performer always sets it for these destinations.
    func symbolContext(for destination: UploadDestination) throws(UploadError) -> SymbolUploadContext {
        guard let symbols else { throw UploadError(destination, "no dSYM context was given for the upload") }
        return symbols
    }
}
