internal import Foundation

/// The options naming a file or folder, as the user spelled them, checked before a command does
/// anything (issue #38): an empty one would name the current folder (`--output ""` would write
/// beside lanes.yml, `--file ""` read a folder), and one holding a NUL a file the user did not
/// write (the system calls read it only up to the NUL). Every command lists its own; the
/// executable refuses them while parsing, the command again before it starts, exit 2.
public enum PathOptions {
    /// What is wrong with the first unusable path, naming its option; nil when all are usable.
    public static func problem(_ paths: [(option: String, path: String?)]) -> String? {
        for case (let option, let path?) in paths {
            if path.isEmpty { return "\(option) needs a path; it was given an empty one" }
            if path.utf8.contains(0) {
                return "\(option): '\(path.replacingOccurrences(of: "\0", with: "\\0"))' holds a NUL byte, which no path can"
            }
        }
        return nil
    }
}

extension AppCommand {
    /// `--file` for a command on a lanes file, nothing otherwise; commands that write add theirs.
    public var pathOptions: [(option: String, path: String?)] {
        lanesFile.map { [("--file", $0.file)] } ?? []
    }

    /// `PathOptions.problem` of this command's paths.
    public var pathProblem: String? { PathOptions.problem(pathOptions) }
}
