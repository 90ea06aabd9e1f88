import Foundation
import NightshiftSystem

/// The files `nightshift init` writes, each replaced whole (a temporary file renamed over it).
struct InitFiles {
    let root: AbsolutePath
    let folder: AbsolutePath

    struct NotWritten: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes each file, making its folder; gives the paths written as the user would type them.
    func write(_ files: [(AbsolutePath, String)]) throws -> [String] {
        try files.map { path, text in
            do {
                try FileManager.default.createDirectory(atPath: path.parent.string, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path.string), options: .atomic)
            } catch {
                throw CommandFailure(
                    "cannot write \(path.relative(to: root)): \(error.localizedDescription)", status: ExitStatus.cannotWrite)
            }
            return path.relative(to: root)
        }
    }

    /// Adds `.nightshift/` (runs, logs, history, the schema copy) to the `.gitignore` beside the
    /// lanes file unless a line already ignores it; the file's path when it changed.
    func ignoreRunFolder() throws -> String? {
        let path = folder.appending(".gitignore")
        let existing = (try? String(contentsOfFile: path.string, encoding: .utf8)) ?? ""
        let ignoring = existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if ignoring.contains(where: { [".nightshift", ".nightshift/", "/.nightshift", "/.nightshift/"].contains($0) }) { return nil }
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        return try write([(path, existing + separator + "# nightshift's runs, logs and history\n.nightshift/\n")]).first
    }
}
