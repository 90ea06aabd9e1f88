internal import Foundation

/// The report paths `nightshift run` writes to, checked before anything runs: an empty one
/// would name the current folder (`--html ""` would write index.html beside lanes.yml, `--json ""`
/// fail only after the lanes ran), and one holding a NUL would name a file the user did not
/// write (the system calls read it only up to the NUL).
extension RunLanes {
    /// The options that name a file or folder to write, as the user spelled them.
    var outputPaths: [(option: String, path: String?)] {
        [("--junit", junit), ("--json", json), ("--html", html)]
    }

    /// What is wrong with the first unusable report path, naming its option; nil when all are
    /// usable. The executable refuses it while parsing, the command again before it starts.
    public var outputPathProblem: String? {
        for case (let option, let path?) in outputPaths {
            if path.isEmpty { return "\(option) needs a path; it was given an empty one" }
            if path.utf8.contains(0) {
                return "\(option): '\(path.replacingOccurrences(of: "\0", with: "\\0"))' holds a NUL byte, which no path can"
            }
        }
        return nil
    }
}
