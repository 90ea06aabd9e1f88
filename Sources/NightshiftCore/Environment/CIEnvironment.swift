public import NightshiftSystem
/// What nightshift learns from the variables Jenkins sets for every build: whether it runs inside
/// a Jenkins job, where the job's workspace is, and which build this is.
public struct JenkinsEnvironment: Sendable, Hashable {
    public var url: String?
    public var buildNumber: String?
    public var workspace: String?
    public var jobName: String?
    public var buildURL: String?
    /// The agent the build runs on (`built-in` for the controller).
    public var nodeName: String?

    public init(_ environment: EnvironmentVariables) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        url = value("JENKINS_URL")
        buildNumber = value("BUILD_NUMBER")
        workspace = value("WORKSPACE")
        jobName = value("JOB_NAME")
        buildURL = value("BUILD_URL")
        nodeName = value("NODE_NAME")
    }

    /// `BUILD_NUMBER` alone counts as well: agents launched over SSH may not be told `JENKINS_URL`.
    public var isJenkins: Bool { url != nil || buildNumber != nil }

    /// Jenkins' console is no terminal: no colours, no progress redrawn in place.
    public var prefersPlainOutput: Bool { isJenkins }

    /// Where run folders and reports go: `$WORKSPACE/.nightshift` in a Jenkins job (the workspace
    /// is what Jenkins archives and cleans), else `fallback`.
    public func stateRoot(fallback: String) -> String {
        guard isJenkins, let workspace else { return fallback }
        return workspace.hasSuffix("/") ? "\(workspace).nightshift" : "\(workspace)/.nightshift"
    }

    /// `b42` in Jenkins build 42, for the run id (`RunIdentifier`); only characters a folder
    /// name can carry are kept.
    public var buildTag: String? {
        guard isJenkins, let build = buildNumber.map(RunIdentifier.pathSafe), !build.isEmpty else { return nil }
        return "b\(build)"
    }

    /// `<property>`s for the JUnit report, so a report found later still says which build on which
    /// agent made it. Jenkins' JUnit plugin (since 2023) keeps properties only when its step says
    /// `keepProperties: true`; otherwise they stay in the report file alone.
    public var reportProperties: [(name: String, value: String)] {
        guard isJenkins else { return [] }
        let pairs: [(String, String?)] = [
            ("jenkins.build_number", buildNumber), ("jenkins.job_name", jobName),
            ("jenkins.build_url", buildURL), ("jenkins.node_name", nodeName), ("jenkins.url", url),
        ]
        return pairs.compactMap { name, value in value.map { (name: name, value: $0) } }
    }
}
