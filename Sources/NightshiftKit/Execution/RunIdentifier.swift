public import Foundation

/// Run ids sort by time and, under Jenkins, carry the build number: `20261122-013000-b42`.
public enum RunIdentifier {
    public static func make(now: Date, environment: EnvironmentVariables) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var id = formatter.string(from: now)
        if let build = environment["BUILD_NUMBER"], !build.isEmpty { id += "-b\(build)" }
        id += "-" + String(ProcessInfo.processInfo.processIdentifier)
        return id
    }
}
