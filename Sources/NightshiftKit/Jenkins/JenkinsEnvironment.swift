public import Foundation

/// What nightshift learns from the variables Jenkins sets for every build: whether it runs inside
/// a Jenkins job, where the job's workspace is, and which build this is.
public struct JenkinsEnvironment: Sendable, Hashable {
    public var url: String?
    public var buildNumber: String?
    public var workspace: String?
    public var jobName: String?
    public var buildURL: String?

    public init(_ environment: EnvironmentVariables) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        url = value("JENKINS_URL")
        buildNumber = value("BUILD_NUMBER")
        workspace = value("WORKSPACE")
        jobName = value("JOB_NAME")
        buildURL = value("BUILD_URL")
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

    /// `20240115-101730`, plus `-b42` in Jenkins build 42, so a run folder names its build.
    public func runID(at date: Date, in timeZone: TimeZone) -> String {
        let stamp = JenkinsEnvironment.timestamp(date, in: timeZone)
        guard isJenkins, let build = buildNumber.map(JenkinsEnvironment.pathSafe), !build.isEmpty else { return stamp }
        return "\(stamp)-b\(build)"
    }

    /// Properties for the JUnit report, so a report found later still says which build made it.
    public var reportProperties: [(name: String, value: String)] {
        guard isJenkins else { return [] }
        let pairs: [(String, String?)] = [
            ("jenkins.build_number", buildNumber), ("jenkins.job_name", jobName),
            ("jenkins.build_url", buildURL), ("jenkins.url", url),
        ]
        return pairs.compactMap { name, value in value.map { (name: name, value: $0) } }
    }

    private static func timestamp(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0]
        let time = [parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0]
        return day.map(twoDigits).joined() + "-" + time.map(twoDigits).joined()
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    /// A build number is digits, but it ends up in a folder name: keep only harmless characters.
    private static func pathSafe(_ text: String) -> String {
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ._-")
        return String(text.filter { allowed.contains($0) })
    }
}
