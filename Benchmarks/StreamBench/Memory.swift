import NightshiftSystem

/// What the bench scripts parse about this process's memory.
enum Memory {
    static var resident: Int { ProcessUsage.residentKilobytes }

    static func resetPeak() {
        ProcessUsage.resetPeak()
    }

    /// "rss before X KB, peak Y KB": what the scripts parse.
    static func describe(before: Int) -> String {
        "rss before \(before) KB, peak \(ProcessUsage.peakKilobytes) KB"
    }
}
