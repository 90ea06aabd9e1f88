public import Foundation

/// Run ids sort by time and, under Jenkins, carry the build number: `20261122-013000-b42`.
public enum RunIdentifier {
    /// The variable the scheduler names a launched run's id in (steps see it too).
    public static let environmentName = "NIGHTSHIFT_RUN_ID"

    public static func make(now: Date, environment: EnvironmentVariables) -> String {
        var id = stamp(now)
        if let build = environment["BUILD_NUMBER"], !build.isEmpty { id += "-b\(build)" }
        id += "-" + String(ProcessInfo.processInfo.processIdentifier)
        return id
    }

    /// The id `nightshift run` uses: the one the scheduler chose (`NIGHTSHIFT_RUN_ID`), so the
    /// run's folder is the one its history record points at; a new one when there is none or it
    /// is not a plain folder name.
    public static func adopt(now: Date, environment: EnvironmentVariables) -> String {
        if let given = environment[environmentName], isFolderName(given) { return given }
        return make(now: now, environment: environment)
    }

    /// The id the scheduler gives the firing scheduled at `date`: `20261122-004900-scheduled`.
    /// Unique per lane, since a lane fires at most once per instant.
    public static func scheduled(at date: Date) -> String {
        stamp(date) + "-scheduled"
    }

    static func isFolderName(_ id: String) -> Bool {
        !id.isEmpty && id != "." && id != ".." && id.count <= 128
            && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }
}
