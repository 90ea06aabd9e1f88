/// The coverage lines a test step prints, and whether a `minimum` is met.
public struct CoverageCheck: Sendable, Hashable {
    /// 0...1.
    public var minimum: Double?

    public init(minimum: Double?) { self.minimum = minimum }

    /// Whether `report` is at or above the minimum (always without one). A report of no
    /// executable line measured nothing (sources outside what the tool reads, coverage off in
    /// the test plan): it meets no minimum, though its ratio reads 100%.
    public func passes(_ report: CoverageReport) -> Bool {
        guard let minimum else { return true }
        return report.executableLines > 0 && report.lineCoverage + 1e-9 >= minimum
    }

    /// `coverage: 72.4% of 18,699 lines (1,049 covered)`, then, below the minimum, the reason
    /// and the five least-covered files.
    public func lines(for report: CoverageReport) -> [String] {
        var lines = ["coverage: \(Self.percent(report.lineCoverage)) of \(report.executableLines) lines (\(report.coveredLines) covered)"]
        guard let minimum, !passes(report) else { return lines }
        if report.executableLines == 0 {
            lines.append(
                "coverage measured no executable line, so it cannot meet the minimum of \(Self.percent(minimum)) (is the code under test outside what coverage reads?)"
            )
            return lines
        }
        lines.append("coverage \(Self.percent(report.lineCoverage)) is below the minimum of \(Self.percent(minimum)); least covered:")
        for file in report.leastCovered(5) {
            lines.append("  \(Self.percent(file.lineCoverage))  \(file.path) (\(file.coveredLines) of \(file.executableLines) lines)")
        }
        return lines
    }

    /// One decimal: `72.4%`.
    static func percent(_ value: Double) -> String {
        let tenths = Int((min(1, max(0, value)) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
