public import NightshiftCore

/// Writes a `CoverageReport` as Cobertura XML (coverage-04.dtd), the format Jenkins' coverage
/// plugin reads (`recordCoverage(tools: [[parser: 'COBERTURA', …]])`), streamed to the file.
///
/// Targets become `<package>`s, files `<class>`es, functions `<method>`s. xccov's report counts
/// lines per function without saying which lines: a function's covered lines are written as
/// its first lines from `lineNumber` on (hit `executionCount` times), its uncovered ones after
/// them (hit 0), each line once per file, and lines no function accounts for after the last
/// one. Line counts and rates per file are therefore exact; which lines are marked is an
/// approximation, said in a comment in the file.
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
        var placed = CoberturaLines(file: source)
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
        fileLines += placed.remainder()
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
/// number twice, and exactly the file's covered and uncovered counts in all: a function claiming
/// more than the file has is cut, and lines no function accounts for follow the last one placed.
/// (Jenkins' coverage plugin counts a file by its class's `<line>`s, so the file's rate is exact.)
struct CoberturaLines {
    private var used = Set<Int>()
    private var coveredLeft: Int
    private var missedLeft: Int
    private var next = 1

    /// More executable lines than any source file has: a report claiming more is hostile, and
    /// is cut here rather than written out line by line.
    static let maximumLinesPerFile = 200_000

    init(file: CoverageReport.File) {
        let executable = min(max(0, file.executableLines), Self.maximumLinesPerFile)
        coveredLeft = min(max(0, file.coveredLines), executable)
        missedLeft = executable - coveredLeft
    }

    /// (line, hits) pairs of one function: its covered lines first.
    mutating func place(_ function: CoverageReport.Function) -> [(Int, Int)] {
        let executable = max(0, function.executableLines)
        let covered = min(min(max(0, function.coveredLines), executable), coveredLeft)
        let missed = min(executable - min(max(0, function.coveredLines), executable), missedLeft)
        coveredLeft -= covered
        missedLeft -= missed
        return lines(from: max(1, function.lineNumber), covered: covered, missed: missed, hits: max(1, function.executionCount))
    }

    /// What no function accounted for, after every line placed so far.
    mutating func remainder() -> [(Int, Int)] {
        defer { (coveredLeft, missedLeft) = (0, 0) }
        return lines(from: next, covered: coveredLeft, missed: missedLeft, hits: 1)
    }

    private mutating func lines(from start: Int, covered: Int, missed: Int, hits: Int) -> [(Int, Int)] {
        var lines: [(Int, Int)] = []
        lines.reserveCapacity(covered + missed)
        var number = start
        while lines.count < covered + missed && number < Int.max - 1 {
            if used.insert(number).inserted { lines.append((number, lines.count < covered ? hits : 0)) }
            number += 1
        }
        next = max(next, number)
        return lines
    }
}
