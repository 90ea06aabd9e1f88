/// Code coverage as `xcrun xccov view --report --json` gives it: targets, their files and each
/// file's functions, with covered and executable line counts (no per-line hits: xccov's report
/// has none).
public struct CoverageReport: Sendable, Hashable, Codable {
    public struct Function: Sendable, Hashable, Codable {
        public var name: String
        /// The line the function starts on.
        public var lineNumber: Int
        public var executionCount: Int
        public var coveredLines: Int
        public var executableLines: Int

        public init(name: String, lineNumber: Int, executionCount: Int, coveredLines: Int, executableLines: Int) {
            self.name = name
            self.lineNumber = lineNumber
            self.executionCount = executionCount
            self.coveredLines = coveredLines
            self.executableLines = executableLines
        }
    }

    public struct File: Sendable, Hashable, Codable {
        public var name: String
        public var path: String
        public var coveredLines: Int
        public var executableLines: Int
        public var functions: [Function]

        public init(name: String, path: String, coveredLines: Int, executableLines: Int, functions: [Function]) {
            self.name = name
            self.path = path
            self.coveredLines = coveredLines
            self.executableLines = executableLines
            self.functions = functions
        }

        public var lineCoverage: Double { CoverageReport.ratio(coveredLines, executableLines) }
    }

    public struct Target: Sendable, Hashable, Codable {
        public var name: String
        public var coveredLines: Int
        public var executableLines: Int
        public var files: [File]

        public init(name: String, coveredLines: Int, executableLines: Int, files: [File]) {
            self.name = name
            self.coveredLines = coveredLines
            self.executableLines = executableLines
            self.files = files
        }

        public var lineCoverage: Double { CoverageReport.ratio(coveredLines, executableLines) }
    }

    public var coveredLines: Int
    public var executableLines: Int
    public var targets: [Target]

    public init(coveredLines: Int, executableLines: Int, targets: [Target]) {
        self.coveredLines = coveredLines
        self.executableLines = executableLines
        self.targets = targets
    }

    /// Covered over executable lines, 0...1; 1 when nothing is executable (nothing to miss).
    public var lineCoverage: Double { Self.ratio(coveredLines, executableLines) }

    static func ratio(_ covered: Int, _ executable: Int) -> Double {
        guard executable > 0 else { return 1 }
        return min(1, max(0, Double(covered) / Double(executable)))
    }

    /// The `count` files with the lowest line coverage (the most uncovered lines first among
    /// equals), files without executable lines left out: what a failed `minimum` names.
    public func leastCovered(_ count: Int = 5) -> [File] {
        let files = targets.flatMap(\.files).filter { $0.executableLines > 0 }
        let sorted = files.sorted {
            if $0.lineCoverage != $1.lineCoverage { return $0.lineCoverage < $1.lineCoverage }
            let missedLeft = $0.executableLines - $0.coveredLines
            let missedRight = $1.executableLines - $1.coveredLines
            return missedLeft != missedRight ? missedLeft > missedRight : $0.path < $1.path
        }
        return Array(sorted.prefix(max(0, count)))
    }
}
