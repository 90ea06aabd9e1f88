public import Foundation
public import Testing

/// Whether `pid` is gone: absent from the process table, or a zombie (PID 1 in a Linux container
/// may not reap orphans, so a killed grandchild can linger as `Z`; on macOS launchd reaps them).
public func processIsDead(_ pid: pid_t) -> Bool {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
    return status.split(separator: "\n").contains { $0.hasPrefix("State:") && $0.contains("Z") }
    #else
    return kill(pid, 0) != 0 && errno == ESRCH
    #endif
}

/// Whether `pid` dies (`waitUntil`, which records an issue if it never does). SIGKILL is
/// delivered asynchronously, so a process signalled an instant ago may still show as running:
/// a real process's end, which only the real time brings.
public func processDies(_ pid: pid_t, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
    await waitUntil("pid \(pid) has died", sourceLocation: sourceLocation) { processIsDead(pid) }
}

/// The PATH tests give real child processes: the system tools, nothing of the user's.
public let testPATH = "/usr/local/bin:/usr/bin:/bin"
