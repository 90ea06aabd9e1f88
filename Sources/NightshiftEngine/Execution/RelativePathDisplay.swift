import Foundation
import NightshiftSystem

/// How a dry run shows a command: each path under the lanes file's folder written relative to it,
/// since the run folder's absolute path repeats in most commands (a dry-run line reached 519
/// characters). Only what is shown changes: the command itself keeps its absolute paths.
struct RelativePathDisplay: Sendable {
    /// The lanes file's folder, absolute, without a trailing `/`.
    let folder: String

    /// nil when `folder` is `/` or not absolute: every path is under it, or none can be told.
    init?(folder: String) {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        guard folder.hasPrefix("/"), folder.count > 1 else { return nil }
        self.folder = folder
    }

    func shown(_ command: ShellCommand) -> ShellCommand {
        var shown = command
        shown.executable = relative(command.executable)
        shown.arguments = command.arguments.map(relative)
        shown.workingDirectory = command.workingDirectory.map(relative)
        return shown
    }

    /// `text` with each path that starts with the folder rewritten: the folder itself becomes `.`
    /// and `<folder>/x` becomes `x`, where the path starts the text or follows a character no path
    /// name continues through (`=`, `:`, a quote, a space), so `/a/b` is not found inside `/z/a/b`.
    func relative(_ text: String) -> String {
        guard text.contains(folder) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: folder) {
            let before = rest[..<range.lowerBound]
            let startsPath = before.isEmpty ? (result.last.map(Self.endsPath) ?? true) : Self.endsPath(before.last!)
            let after = rest[range.upperBound...]
            let next = after.first
            result += before
            if startsPath, next == "/" {
                rest = after.dropFirst()
            } else if startsPath, next.map(Self.endsPath) ?? true {
                result += "."
                rest = after
            } else {
                result += rest[range]
                rest = after
            }
        }
        return result + rest
    }

    /// A character that cannot continue a path name as written in a command (it may in a file
    /// name, but then the path was quoted to the shell differently and is shown as it is).
    private static func endsPath(_ character: Character) -> Bool {
        !(character.isLetter || character.isNumber || "._-~+@%/".contains(character))
    }
}
