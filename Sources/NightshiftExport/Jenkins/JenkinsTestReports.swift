/// The files a lane's `test:` steps write, as `post { always { … } }` records them: each
/// step's per-test JUnit (`junit`), and its Cobertura file when it measures coverage
/// (`recordCoverage`, Jenkins' Coverage plugin). A step's own `junit:` path is used as written
/// (read from the workspace, where the job's `sh` runs nightshift; `${NAME}` read from the
/// build's environment as `env.NAME`); without one, its default place in this build's run folder:
/// `.nightshift/runs/<lane>/<run-id>/output/tests/<lane>-<step>.tests.junit.xml`, whose run id carries
/// `b<BUILD_NUMBER>`, so files older builds left in the workspace are not recorded again.
/// The lane's own report (`reports/<lane>.xml`) counts the step once, these files its tests.
struct JenkinsTestReports: Sendable, Hashable {
    /// Groovy string literals, one per pattern.
    var junit: [String] = []
    var cobertura: [String] = []

    init(_ reports: ExportTestReports, lane: String) {
        for path in reports.junitPaths { append(Self.literal(path), to: &junit) }
        for path in reports.coberturaPaths { append(Self.literal(path), to: &cobertura) }
        // The lane's run folder holds every step it reaches, called lanes' included.
        func inRunFolder(_ name: String) -> String {
            GroovyLiteral.concatenation([
                .text(".nightshift/runs/\(lane)/*-b"), .environment("BUILD_NUMBER"), .text("-*/output/tests/\(name)"),
            ])
        }
        if reports.inRunFolder { append(inRunFolder("*.junit.xml"), to: &junit) }
        if reports.coverageInRunFolder { append(inRunFolder("*.cobertura.xml"), to: &cobertura) }
    }

    var isEmpty: Bool { junit.isEmpty && cobertura.isEmpty }

    /// The `post { always { … } }` lines.
    var lines: [String] {
        junit.map { "junit allowEmptyResults: true, testResults: \($0)" }
            + cobertura.map { "recordCoverage(tools: [[parser: 'COBERTURA', pattern: \($0)]])" }
    }

    private func append(_ pattern: String, to patterns: inout [String]) {
        if !patterns.contains(pattern) { patterns.append(pattern) }
    }

    /// A path as lanes.yml writes it, as Groovy: single-quoted when it has no `${NAME}` or
    /// `$NAME`, else joined with the build's `env.NAME` for those.
    static func literal(_ raw: String) -> String {
        guard raw.contains("$") else { return GroovyLiteral.string(raw) }
        var parts: [GroovyLiteral.Part] = []
        var rest = Substring(raw)
        while let dollar = rest.firstIndex(of: "$") {
            parts.append(.text(String(rest[..<dollar])))
            rest = rest[rest.index(after: dollar)...]
            let braced = rest.first == "{"
            if braced { rest = rest.dropFirst() }
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard !name.isEmpty, !braced || rest.dropFirst(name.count).first == "}" else {
                parts.append(.text(braced ? "${" : "$"))
                continue
            }
            parts.append(.environment(String(name)))
            rest = rest.dropFirst(name.count + (braced ? 1 : 0))
        }
        parts.append(.text(String(rest)))
        return GroovyLiteral.concatenation(parts)
    }
}
