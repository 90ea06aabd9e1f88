import Foundation
internal import CNightshiftSystem

/// This process's own CPU time and memory, for the benchmarks and the memory tests.
///
/// Linux reads the current and peak resident size from procfs and can reset the peak, so one
/// process can measure several phases. macOS has no procfs: there both figures are getrusage's
/// lifetime peak and `resetPeak` does nothing, so a phase's figure includes what came before it.
public enum ProcessUsage {
    public static var cpuSeconds: Double { nightshift_own_cpu_seconds() }

    /// The resident size now, in KiB.
    public static var residentKilobytes: Int {
        #if os(Linux)
        return statusField("VmRSS") ?? peakKilobytes
        #else
        return peakKilobytes
        #endif
    }

    /// The peak resident size since start (or since `resetPeak`), in KiB.
    public static var peakKilobytes: Int {
        #if os(Linux)
        if let peak = statusField("VmHWM") { return peak }
        #endif
        return Int(nightshift_peak_resident_kilobytes())
    }

    /// Starts the peak over from the current size, where the platform can (Linux: `clear_refs`).
    public static func resetPeak() {
        #if os(Linux)
        _ = try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        #endif
    }

    #if os(Linux)
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    #endif
}
