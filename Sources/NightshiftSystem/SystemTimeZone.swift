public import Foundation

/// The zone schedules use when they name none: the `TZ` variable, as the C library reads it
/// (`Europe/Berlin`, `:Europe/Berlin`, or a path into a zoneinfo folder), else the machine's zone.
public enum SystemTimeZone {
    /// - Parameters:
    ///   - environment: the process environment (only `TZ` is read).
    ///   - fallback: the machine's zone (`/etc/localtime`), used when `TZ` is unset or unknown.
    public static func resolve(environment: EnvironmentVariables, fallback: TimeZone) -> TimeZone {
        guard var name = environment["TZ"], !name.isEmpty else { return fallback }
        if name.hasPrefix(":") { name.removeFirst() }
        if let range = name.range(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
        return TimeZone(identifier: name) ?? fallback
    }
}
