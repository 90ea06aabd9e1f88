/// How `nightshift export jenkins` lays out what it writes.
public struct JenkinsExportOptions: Sendable, Hashable {
    public enum Layout: Sendable, Hashable {
        /// `Jenkinsfile.<lane>` for every lane: one Pipeline job per lane, each with its own trigger.
        case filePerLane
        /// One `Jenkinsfile` running the lanes as consecutive stages (`--single`).
        case single
    }

    public var layout: Layout
    /// The lanes file as the job sees it, relative to the workspace (`ExportedLanesFile.path`);
    /// passed as `--file` unless it is the default `lanes.yml`.
    public var lanesFilePath: String

    public init(layout: Layout = .filePerLane, lanesFilePath: String = ExportedLanesFile.defaultPath) {
        self.layout = layout
        self.lanesFilePath = lanesFilePath
    }

    /// Where `--output` points when not given.
    public static let defaultOutputDirectory = "jenkins"
}
