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
        // A few units in the last place: the minimum went through two roundings (its decimal
        // text, then / 100), the ratio through one. Two ratios of line counts that truly differ
        // are far further apart, so a coverage below the minimum never passes as at it.
        return report.executableLines > 0 && report.lineCoverage >= minimum - 4 * minimum.ulp
    }

    /// `coverage: 72.4% of 18,699 lines (1,049 covered)`, then, below the minimum, the reason
    /// and the five least-covered files.
    public func lines(for report: CoverageReport) -> [String] {
        guard let minimum, !passes(report), report.executableLines > 0 else {
            return headline(Self.percent(report.lineCoverage), report)
        }
        let shown = Self.percents(below: report.lineCoverage, minimum: minimum)
        var lines = headline(shown.value, report)
        lines.append("coverage \(shown.value) is below the minimum of \(shown.minimum); least covered:")
        for file in report.leastCovered(5) {
            lines.append("  \(Self.percent(file.lineCoverage))  \(file.path) (\(file.coveredLines) of \(file.executableLines) lines)")
        }
        return lines
    }

    private func headline(_ percent: String, _ report: CoverageReport) -> [String] {
        var lines = ["coverage: \(percent) of \(report.executableLines) lines (\(report.coveredLines) covered)"]
        if report.executableLines == 0, let minimum {
            lines.append(
                "coverage measured no executable line, so it cannot meet the minimum of \(Self.percent(minimum)) (is the code under test outside what coverage reads?)"
            )
        }
        return lines
    }

    /// One decimal: `72.4%`.
    static func percent(_ value: Double) -> String { percent(value, decimals: 1, rule: .toNearestOrAwayFromZero) }

    /// A coverage under `minimum` and the minimum, with as many decimals as it takes (one at
    /// least) for the minimum to print as it is and the coverage, rounded down, to read lower:
    /// the coverage never prints as the minimum it missed (69.96% against 70% is `69.9%`, 70.001%
    /// against 70.005% `70.001%`).
    static func percents(below value: Double, minimum: Double) -> (value: String, minimum: String) {
        let nearest = FloatingPointRoundingRule.toNearestOrAwayFromZero
        for decimals in 1...9 {
            let shownMinimum = scaled(minimum, decimals, nearest)
            let isExact = abs(Double(shownMinimum) / Double(power(decimals)) - minimum * 100) < 1e-9
            if isExact && scaled(value, decimals, .down) < shownMinimum {
                return (percent(value, decimals: decimals, rule: .down), percent(minimum, decimals: decimals, rule: nearest))
            }
        }
        return (percent(value, decimals: 9, rule: .down), percent(minimum, decimals: 9, rule: .up))
    }

    private static func percent(_ value: Double, decimals: Int, rule: FloatingPointRoundingRule) -> String {
        let unit = power(decimals)
        let scaled = scaled(value, decimals, rule)
        let fraction = String(scaled % unit)
        return "\(scaled / unit).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)%"
    }

    /// The percentage in units of its last decimal: 0.7245 at one decimal is 724.
    private static func scaled(_ value: Double, _ decimals: Int, _ rule: FloatingPointRoundingRule) -> Int {
        Int((min(1, max(0, value)) * 100 * Double(power(decimals))).rounded(rule))
    }

    private static func power(_ decimals: Int) -> Int { (0..<decimals).reduce(1) { value, _ in value * 10 } }
}
