public import Foundation

/// Reads `xcrun xccov view --report --json` (the whole report, or `--only-targets`' bare
/// array of targets). Absent counts read as 0; the totals are the targets' sums when the
/// top level has none.
public struct XCCovReportReader: Sendable {
    public init() {}

    public func read(contentsOf path: String) throws(TestResultsError) -> CoverageReport {
        try read(TestResultsFile.contents(of: path, what: "xccov's coverage report"), source: path)
    }

    public func read(_ data: Data, source: String = "xccov's coverage report") throws(TestResultsError) -> CoverageReport {
        let document: XCCovDocument = try TestResultsJSON.decode(data, source: source, maximumNesting: 32)
        let targets = document.targets.map { target in
            CoverageReport.Target(
                name: target.name ?? "", coveredLines: target.coveredLines ?? 0, executableLines: target.executableLines ?? 0,
                files: (target.files ?? []).map { file in
                    CoverageReport.File(
                        name: file.name ?? "", path: file.path ?? file.name ?? "", coveredLines: file.coveredLines ?? 0,
                        executableLines: file.executableLines ?? 0,
                        functions: (file.functions ?? []).map {
                            CoverageReport.Function(
                                name: $0.name ?? "", lineNumber: $0.lineNumber ?? 0, executionCount: $0.executionCount ?? 0,
                                coveredLines: $0.coveredLines ?? 0, executableLines: $0.executableLines ?? 0)
                        })
                })
        }
        return CoverageReport(
            coveredLines: document.coveredLines ?? targets.reduce(0) { $0 + $1.coveredLines },
            executableLines: document.executableLines ?? targets.reduce(0) { $0 + $1.executableLines }, targets: targets)
    }
}

private struct XCCovDocument: Decodable {
    struct Function: Decodable {
        var name: String?
        var lineNumber, executionCount, coveredLines, executableLines: Int?
    }

    struct File: Decodable {
        var name, path: String?
        var coveredLines, executableLines: Int?
        var functions: [Function]?
    }

    struct Target: Decodable {
        var name: String?
        var coveredLines, executableLines: Int?
        var files: [File]?
    }

    var coveredLines, executableLines: Int?
    var targets: [Target]

    private enum CodingKeys: String, CodingKey { case coveredLines, executableLines, targets }

    init(from decoder: any Decoder) throws {
        // `--only-targets` writes the array alone.
        if let targets = try? decoder.singleValueContainer().decode([Target].self) {
            self.targets = targets
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coveredLines = try container.decodeIfPresent(Int.self, forKey: .coveredLines)
        executableLines = try container.decodeIfPresent(Int.self, forKey: .executableLines)
        targets = try container.decodeIfPresent([Target].self, forKey: .targets) ?? []
    }
}
