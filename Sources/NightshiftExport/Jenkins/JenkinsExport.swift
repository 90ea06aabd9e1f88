public import NightshiftCore
import NightshiftSystem
/// How `nightshift export jenkins` lays out what it writes.
public struct JenkinsExportOptions: Sendable, Hashable {
    public enum Layout: Sendable, Hashable {
        /// `Jenkinsfile.<lane>` for every lane: one Pipeline job per lane, each with its own trigger.
        case filePerLane
        /// One `Jenkinsfile` running the lanes as consecutive stages (`--single`).
        case single
    }

    public var layout: Layout
    /// The lanes file as the job sees it, relative to the workspace; passed as `--file` unless it
    /// is the default `lanes.yml`.
    public var lanesFilePath: String

    public init(layout: Layout = .filePerLane, lanesFilePath: String = JenkinsExportOptions.defaultLanesFile) {
        self.layout = layout
        self.lanesFilePath = lanesFilePath
    }

    public static let defaultLanesFile = "lanes.yml"

    /// `--file` as the job's `nightshift run` should name it: relative to `root`, the folder a
    /// Pipeline job checks the repository out into (its workspace), `./` and `..` resolved; a
    /// relative `path` is taken from `currentDirectory`. A file outside `root` gets its absolute
    /// path, and the export warns about it (`isOutsideWorkspace`).
    public static func lanesFilePath(_ path: String, currentDirectory: String, root: String) -> String {
        let base = normalized(root)
        let file = normalized(AbsolutePath.resolve(path, in: currentDirectory))
        guard base != "/", file.hasPrefix(base + "/") else { return file }
        return String(file.dropFirst(base.count + 1))
    }

    /// True for an absolute path or one that climbs out with `..`: the job will not find it there.
    public static func isOutsideWorkspace(_ lanesFilePath: String) -> Bool {
        lanesFilePath.hasPrefix("/") || lanesFilePath == ".." || lanesFilePath.hasPrefix("../")
    }

    /// `a/./b/../c` → `a/c`; a `..` above the start is kept.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
    /// Where `--output` points when not given.
    public static let defaultOutputDirectory = "jenkins"
}

/// One generated file: its name inside the output folder and its text.
public struct GeneratedJenkinsfile: Sendable, Hashable {
    public var fileName: String
    public var contents: String

    public init(fileName: String, contents: String) {
        self.fileName = fileName
        self.contents = contents
    }
}

/// What an export produced: the files, and what the user should know about them (a lane whose
/// `H` times will differ on Jenkins, a schedule a single file cannot carry…).
public struct JenkinsExport: Sendable, Hashable {
    public var files: [GeneratedJenkinsfile]
    public var warnings: [Diagnostic]

    public init(files: [GeneratedJenkinsfile], warnings: [Diagnostic]) {
        self.files = files
        self.warnings = warnings
    }
}

public enum JenkinsExportError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownLane(String, known: [String])
    case noLanes

    public var description: String {
        switch self {
        case .unknownLane(let name, let known):
            "no lane named '\(name)' (lanes: \(known.joined(separator: ", ")))"
        case .noLanes:
            "the lanes file has no lanes to export"
        }
    }

    /// For the command line: the same problem, with a did-you-mean for a misspelt lane.
    public var diagnostic: Diagnostic {
        switch self {
        case .unknownLane(let name, let known):
            .error(
                "no lane named '\(name)'", at: nil,
                notes: Suggestion.note(for: name, among: known) + ["lanes: \(known.joined(separator: ", "))"])
        case .noLanes:
            .error(description, at: nil)
        }
    }
}
