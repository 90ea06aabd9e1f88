import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NightshiftCore
import NightshiftTestSupport
@testable import NightshiftTesting
import Testing

/// xccov's report → Cobertura as Jenkins' coverage plugin reads it (coverage-model's
/// CoberturaParser: packages, classes as files, a file's line coverage from the `<line>`s
/// directly in its `<class>`), the total line and the least-covered files.
@Suite("Coverage: xccov to Cobertura", .temporaryDirectory)
struct CoverageTests {
    static func report(_ name: String) throws -> CoverageReport {
        try XCCovReportReader().read(contentsOf: ResultsFixtures.path("reference/\(name)"))
    }

    /// Per class: (filename, covered lines, all lines), counted as the plugin counts them.
    static func pluginCounts(_ xml: String) throws -> [String: (Int, Int)] {
        let document = try XMLDocument(data: Data(xml.utf8))
        var counts: [String: (Int, Int)] = [:]
        for element in try document.nodes(forXPath: "//class") as? [XMLElement] ?? [] {
            let file = element.attribute(forName: "filename")?.stringValue ?? ""
            let lines = try element.nodes(forXPath: "lines/line") as? [XMLElement] ?? []
            let covered = lines.filter { Int($0.attribute(forName: "hits")?.stringValue ?? "") ?? 0 > 0 }.count
            let numbers = lines.compactMap { $0.attribute(forName: "number")?.stringValue }
            #expect(Set(numbers).count == numbers.count, "\(file): a line twice")
            let previous = counts[file] ?? (0, 0)
            counts[file] = (previous.0 + covered, previous.1 + lines.count)
        }
        return counts
    }

    @Test("the croberts22 report: totals, every file's counts exact in Cobertura")
    func croberts() throws {
        let report = try Self.report("xccov-report.croberts22.json")
        #expect(report.coveredLines == 1049 && report.executableLines == 18699)
        #expect(report.targets.count == 5)
        let path = try TemporaryDirectory.make() + "/coverage.xml"
        try CoberturaWriter(masker: .none, sourceRoot: "/Users/spacepyro/Projects/TurnipTime").write(
            report, to: path, timestamp: 1_764_150_000)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains(#"<coverage line-rate="0.0561" branch-rate="0" lines-covered="1049" lines-valid="18699""#))
        let counts = try Self.pluginCounts(xml)
        for file in report.targets.flatMap(\.files) {
            let relative = file.path.replacingOccurrences(of: "/Users/spacepyro/Projects/TurnipTime/", with: "")
            let written = counts[relative]
            #expect(written?.0 == file.coveredLines && written?.1 == file.executableLines, "\(relative)")
        }
        #expect(counts.values.reduce(0) { $0 + $1.0 } == 1049)
        #expect(counts.values.reduce(0) { $0 + $1.1 } == 18699)
    }

    @Test("--only-targets: the bare array, totals summed")
    func onlyTargets() throws {
        let report = try Self.report("xccov-only-targets.kazucocoa.json")
        #expect(report.targets.count == 6 && report.coveredLines == 125 && report.executableLines == 2167)
        #expect(report.targets.allSatisfy { $0.files.isEmpty })
    }

    @Test("no executable line measured meets no minimum: nothing was measured, it is not 100%")
    func nothingMeasured() {
        let report = CoverageReport(coveredLines: 0, executableLines: 0, targets: [])
        #expect(CoverageCheck(minimum: nil).passes(report))
        let check = CoverageCheck(minimum: 0.7)
        #expect(!check.passes(report))
        #expect(
            check.lines(for: report) == [
                "coverage: 100.0% of 0 lines (0 covered)",
                "coverage measured no executable line, so it cannot meet the minimum of 70.0% (is the code under test outside what coverage reads?)",
            ])
    }

    @Test("below the minimum: the total, the reason and the five least-covered files")
    func minimum() throws {
        let report = try Self.report("xccov-report.croberts22.json")
        #expect(CoverageCheck(minimum: 0.05).passes(report))
        #expect(CoverageCheck(minimum: nil).lines(for: report) == ["coverage: 5.6% of 18699 lines (1049 covered)"])
        let check = CoverageCheck(minimum: 0.7)
        #expect(!check.passes(report))
        let pods = "/Users/spacepyro/Projects/TurnipTime/Pods/Charts/Source/Charts"
        #expect(
            check.lines(for: report) == [
                "coverage: 5.6% of 18699 lines (1049 covered)",
                "coverage 5.6% is below the minimum of 70.0%; least covered:",
                "  0.0%  \(pods)/Charts/BarLineChartViewBase.swift (0 of 1393 lines)",
                "  0.0%  \(pods)/Renderers/PieChartRenderer.swift (0 of 924 lines)",
                "  0.0%  \(pods)/Renderers/BarChartRenderer.swift (0 of 830 lines)",
                "  0.0%  \(pods)/Renderers/LineChartRenderer.swift (0 of 738 lines)",
                "  0.0%  \(pods)/Charts/PieRadarChartViewBase.swift (0 of 622 lines)",
            ])
    }

    @Test(
        "just below the minimum: the message never prints the coverage as the minimum it missed",
        arguments: [(6996, 10000, 70.0), (69_996, 100_000, 70.0), (9999, 10000, 100.0), (70001, 100_000, 70.005), (1, 3, 33.34)])
    func justBelow(covered: Int, executable: Int, minimumPercent: Double) throws {
        let report = CoverageReport(coveredLines: covered, executableLines: executable, targets: [])
        let check = CoverageCheck(minimum: minimumPercent / 100)
        #expect(!check.passes(report))
        let lines = check.lines(for: report)
        let reason = try #require(lines.dropFirst().first)
        let numbers = reason.split(separator: " ").filter { $0.hasSuffix("%") || $0.hasSuffix("%;") }
            .compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "%;"))) }
        #expect(numbers.count == 2)
        #expect(numbers[0] < numbers[1], "\(reason)")
        #expect(numbers[1] == minimumPercent, "the minimum as written")
        #expect(lines[0].hasPrefix("coverage: \(reason.split(separator: " ")[1]) of"), "the headline says the same")
        if covered == 6996 { #expect(reason == "coverage 69.9% is below the minimum of 70.0%; least covered:") }
    }

    @Test("at the minimum exactly passes, however the minimum was written")
    func atTheMinimum() {
        #expect(CoverageCheck(minimum: 70.0 / 100).passes(CoverageReport(coveredLines: 7, executableLines: 10, targets: [])))
        #expect(CoverageCheck(minimum: 70.1 / 100).passes(CoverageReport(coveredLines: 701, executableLines: 1000, targets: [])))
        #expect(CoverageCheck(minimum: 92.5 / 100).passes(CoverageReport(coveredLines: 37, executableLines: 40, targets: [])))
        #expect(!CoverageCheck(minimum: 70.1 / 100).passes(CoverageReport(coveredLines: 700_999, executableLines: 1_000_000, targets: [])))
    }

    @Test("hostile reports: absurd counts cut, names masked and escaped, truncated JSON an error")
    func hostile() throws {
        let secret = "s3cr3t-token-value"
        let report = CoverageReport(
            coveredLines: 5, executableLines: 10,
            targets: [
                CoverageReport.Target(
                    name: "App <&> \(secret)", coveredLines: 5, executableLines: 10,
                    files: [
                        CoverageReport.File(
                            name: "A]]>.swift", path: "/src/\(secret)/A]]>.swift", coveredLines: 5, executableLines: 10,
                            functions: [
                                CoverageReport.Function(
                                    name: "f\u{0}()", lineNumber: -4, executionCount: -1, coveredLines: Int.max, executableLines: Int.max)
                            ])
                    ])
            ])
        let path = try TemporaryDirectory.make() + "/coverage.xml"
        try CoberturaWriter(masker: SecretMasker(secrets: [secret])).write(report, to: path, timestamp: 0)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!xml.contains(secret) && !xml.contains("]]>") && !xml.contains("\u{0}"))
        // The function's claim is cut to the file's own counts.
        #expect(try Self.pluginCounts(xml).values.first.map { [$0.0, $0.1] } == [5, 10])
        // A file claiming more lines than any has is cut before a line is written.
        var lines = CoberturaLines(
            file: CoverageReport.File(
                name: "B.swift", path: "B.swift", coveredLines: Int.max, executableLines: Int.max,
                functions: []))
        #expect(lines.remainder().count == CoberturaLines.maximumLinesPerFile)
        #expect(throws: TestResultsError.self) { try XCCovReportReader().read(Data(#"{"targets": [{"name": "A""#.utf8)) }
    }
}
