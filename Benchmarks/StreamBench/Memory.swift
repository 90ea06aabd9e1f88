import Foundation

/// CPU time used by this process itself (children excluded), in seconds.
enum ProcessorTime {
    static var ownSeconds: Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// This process's resident memory from /proc/self/status, in kilobytes.
enum Memory {
    /// Resets the peak (`VmHWM`) to the current size, so a later `peak` covers only what follows.
    static func resetPeak() {
        _ = try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static var resident: Int { field("VmRSS") }
    static var peak: Int { field("VmHWM") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// "rss before X KB, peak Y KB": what the scripts parse.
    static func describe(before: Int) -> String {
        "rss before \(before) KB, peak \(peak) KB"
    }
}
