public import Foundation

/// Names a run's folder, `.nightshift/runs/<lane>/<run-id>`. Ids sort by time (UTC) and, in a
/// Jenkins job, carry the build number: `20261122-013000-b42-4711`; the process id keeps two runs
/// started in the same second apart.
public enum RunIdentifier {
    /// Set by whoever launched this nightshift and already named the run (the scheduler, a parent
    /// nightshift): its value is the run id, so both write into the same folder.
    public static let variable = "NIGHTSHIFT_RUN_ID"

    public static func make(now: Date, environment: EnvironmentVariables, processID: Int32) -> String {
        if let adopted = environment[variable].map(pathSafe), isUsable(adopted) { return adopted }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let build = JenkinsEnvironment(environment).buildTag.map { [$0] } ?? []
        return ([formatter.string(from: now)] + build + [String(processID)]).joined(separator: "-")
    }

    /// An id ends up as a folder name: keep only characters that cannot leave the folder.
    static func pathSafe(_ text: String) -> String {
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ._-")
        return String(text.filter { allowed.contains($0) })
    }

    /// Not empty, and not `.` or `..`, which name folders that already exist.
    private static func isUsable(_ id: String) -> Bool {
        !id.isEmpty && !id.allSatisfy { $0 == "." }
    }
}
