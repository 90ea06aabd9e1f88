public import NightshiftCore
public import NightshiftLanes

/// The files a lane's `test:` steps write, for an engine to collect after the run: each step's
/// own `junit:` path as lanes.yml writes it (`${NAME}` read from the job's environment), and its
/// Cobertura file when it measures coverage; for a step without `junit:`, whether its default
/// place in the run folder (`.nightshift/runs/<lane>/<run-id>/output/tests/`) holds JUnit or
/// Cobertura files. The run folder holds every step the lane reaches, called lanes' included.
public struct ExportTestReports: Sendable, Hashable {
    /// `junit:` paths as written, in the order the lane reaches them, each once.
    public var junitPaths: [String] = []
    /// The Cobertura file beside each `junit:` path of a step with `coverage:`.
    public var coberturaPaths: [String] = []
    /// A step without `junit:` writes `<lane>-<step>.tests.junit.xml` into the run folder's `output/tests/`.
    public var inRunFolder = false
    /// …and one with `coverage:` its `<step>.cobertura.xml` there too.
    public var coverageInRunFolder = false

    public init(lane: Lane, graph: LaneCallGraph) {
        graph.visitSteps(reachableFrom: lane, revisits: .never) { walked in
            guard case .test(let settings) = walked.step.kind else { return }
            let measures = settings.coverageMinimum != nil
            if let template = settings.junit {
                append(template.raw, to: &junitPaths)
                if measures { append(Self.coberturaPath(template.raw), to: &coberturaPaths) }
            } else {
                inRunFolder = true
                coverageInRunFolder = coverageInRunFolder || measures
            }
        }
    }

    public var isEmpty: Bool { junitPaths.isEmpty && coberturaPaths.isEmpty && !inRunFolder }

    /// As the step names it: `reports/tests.xml` → `reports/tests.cobertura.xml`,
    /// `tests.junit.xml` → `tests.cobertura.xml`.
    public static func coberturaPath(_ junit: String) -> String {
        let base = junit.hasSuffix(".xml") ? String(junit.dropLast(4)) : junit
        return (base.hasSuffix(".junit") ? String(base.dropLast(6)) : base) + ".cobertura.xml"
    }

    private func append(_ path: String, to paths: inout [String]) {
        if !paths.contains(path) { paths.append(path) }
    }
}
