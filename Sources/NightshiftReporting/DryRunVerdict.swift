import NightshiftCore
import NightshiftEngine

/// A dry run's closing line, where a real run has its table: what would run and what would not,
/// and that nothing was. Durations would only time the printing.
struct DryRunVerdict {
    let result: LaneResult
    let style: ConsoleStyle

    func render() -> String {
        let steps = result.steps.filter { if case .step = $0.kind { true } else { false } }
        let cleanup = result.steps.filter { $0.kind == .cleanup }.count
        func count(_ status: StepStatus) -> Int { steps.filter { $0.status == status }.count }
        let ran = steps.count - count(.skipped) - count(.reused) - count(.notRun)
        var would = Self.counted(ran, "step")
        if cleanup > 0 { would += " and " + Self.counted(cleanup, "cleanup action") }
        var parts = [would + " would run"]
        if count(.reused) > 0 { parts.append("\(count(.reused)) reused") }
        if count(.skipped) > 0 { parts.append("\(count(.skipped)) skipped") }
        if count(.notRun) > 0 { parts.append("\(count(.notRun)) not reached") }
        let line = "dry run of lane \(result.lane) \(result.status.rawValue): \(parts.joined(separator: ", ")); nothing was executed"
        switch result.status {
        case .passed: return style.green(line) + "\n"
        case .passedWithWarnings: return style.yellow(line) + "\n"
        case .failed, .interrupted: return style.red(line) + "\n"
        case .notRun: return style.dim(line) + "\n"
        }
    }

    private static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
