public import NightshiftCore

/// Writes a `CoverageReport` as Cobertura XML (coverage-04.dtd), the format Jenkins' coverage
/// plugin reads (`recordCoverage(tools: [[parser: 'COBERTURA', …]])`), streamed to the file.
///
/// Targets become `<package>`s, files `<class>`es, functions `<method>`s. xccov's report counts
/// lines per function without saying which lines: a function's covered lines are written as
/// its first lines from `lineNumber` on (hit `executionCount` times), its uncovered ones after
/// them (hit 0), each line once per file. Line counts and rates per file are therefore exact;
/// which lines are marked is an approximation, said in the file's `<sources>` comment.
public struct CoberturaWriter: Sendable {
    public let masker: SecretMasker
    /// Paths under it are written relative to it, as the plugin resolves them from `<source>`.
    public let sourceRoot: String?

    public init(masker: SecretMasker, sourceRoot: String? = nil) {
        self.masker = masker
        self.sourceRoot = sourceRoot
    }

    /// `timestamp`: the report's time, seconds since 1970, for the root's required attribute.
    public func write(_ report: CoverageReport, to path: String, timestamp: Int64) throws(TestReportWriteError) {
        let file = try StreamingTextFile(path: path, masker: masker)
        file.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        file.raw("<!DOCTYPE coverage SYSTEM \"http://cobertura.sourceforge.net/xml/coverage-04.dtd\">\n")
        file.raw("<coverage line-rate=\"\(rate(report.lineCoverage))\" branch-rate=\"0\" lines-covered=\"\(report.coveredLines)\" ")
        file.raw("lines-valid=\"\(report.executableLines)\" branches-covered=\"0\" branches-valid=\"0\" complexity=\"0\" ")
        file.raw("version=\"nightshift\" timestamp=\"\(timestamp)\">\n")
        file.raw("  <!-- from xccov's report: per-function counts; lines placed from each function's first line -->\n")
        file.raw("  <sources>\n    <source>")
        file.text(sourceRoot ?? ".")
        file.raw("</source>\n  </sources>\n  <packages>\n")
        for target in report.targets {
            file.raw("    <package name=\"")
            file.text(target.name)
            file.raw("\" line-rate=\"\(rate(target.lineCoverage))\" branch-rate=\"0\" complexity=\"0\">\n      <classes>\n")
            for source in target.files { write(source, to: file) }
            file.raw("      </classes>\n    </package>\n")
        }
        file.raw("  </packages>\n</coverage>\n")
        try file.finish()
    }

    private func write(_ source: CoverageReport.File, to file: StreamingTextFile) {
        file.raw("        <class name=\"")
        file.text(className(source))
        file.raw("\" filename=\"")
        file.text(relative(source.path))
        file.raw("\" line-rate=\"\(rate(source.lineCoverage))\" branch-rate=\"0\" complexity=\"0\">\n          <methods>\n")
        var placed = CoberturaLines(budget: max(0, source.executableLines))
        var fileLines: [(Int, Int)] = []
        for function in source.functions {
            let lines = placed.place(function)
            fileLines += lines
            file.raw("            <method name=\"")
            file.text(function.name)
            let functionRate = CoverageReport.ratio(function.coveredLines, function.executableLines)
            file.raw("\" signature=\"\" line-rate=\"\(rate(functionRate))\" branch-rate=\"0\" complexity=\"0\">\n              <lines>\n")
            for (number, hits) in lines { file.raw("                <line number=\"\(number)\" hits=\"\(hits)\" branch=\"false\"/>\n") }
            file.raw("              </lines>\n            </method>\n")
        }
        file.raw("          </methods>\n          <lines>\n")
        for (number, hits) in fileLines.sorted(by: { $0.0 < $1.0 }) {
            file.raw("            <line number=\"\(number)\" hits=\"\(hits)\" branch=\"false\"/>\n")
        }
        file.raw("          </lines>\n        </class>\n")
    }

    private func className(_ source: CoverageReport.File) -> String {
        let name = source.name.isEmpty ? (source.path.split(separator: "/").last.map(String.init) ?? source.path) : source.name
        return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
    }

    private func relative(_ path: String) -> String {
        guard let sourceRoot, !sourceRoot.isEmpty else { return path }
        let root = sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    private func rate(_ value: Double) -> String {
        let scaled = Int((min(1, max(0, value)) * 10_000).rounded())
        let fraction = scaled % 10_000
        return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - String(fraction).count) + "\(fraction)"
    }
}

/// Line numbers for a file's functions: each function's lines from its first line on, no
/// number twice, never more lines in all than the file has executable ones (a hostile report
/// claiming a billion lines writes no more than the file's own count).
struct CoberturaLines {
    private var used = Set<Int>()
    private var budget: Int

    init(budget: Int) { self.budget = budget }

    /// (line, hits) pairs: the covered ones first.
    mutating func place(_ function: CoverageReport.Function) -> [(Int, Int)] {
        let executable = min(max(0, function.executableLines), budget)
        let covered = min(max(0, function.coveredLines), executable)
        var lines: [(Int, Int)] = []
        var number = max(1, function.lineNumber)
        while lines.count < executable && number < Int.max - 1 {
            if used.insert(number).inserted {
                lines.append((number, lines.count < covered ? max(1, function.executionCount) : 0))
            }
            number += 1
        }
        budget -= lines.count
        return lines
    }
}
