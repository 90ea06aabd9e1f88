public import Foundation

/// Reads llvm-cov's export JSON (`swift test --enable-code-coverage`, at the path
/// `swift test --show-codecov-path` prints): `{"type": "llvm.coverage.json.export", "data":
/// [{"files": [{"filename", "summary": {"lines": {"count", "covered"}}}], "totals": …}]}`.
/// Files of the package's own sources only: `.build/` (dependencies, generated test runners)
/// and the test targets under `Tests/` are left out, as xccov's report leaves them out.
public struct LLVMCovExportReader: Sendable {
    public init() {}

    public func read(contentsOf path: String, sourceRoot: String) throws(TestResultsError) -> CoverageReport {
        try read(TestResultsFile.contents(of: path, what: "llvm-cov's coverage export"), sourceRoot: sourceRoot)
    }

    public func read(_ data: Data, sourceRoot: String) throws(TestResultsError) -> CoverageReport {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let exports = root["data"] as? [[String: Any]]
        else { throw TestResultsError("llvm-cov's coverage export is not the JSON it writes (no 'data' list)") }
        let prefix = sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/"
        var byTarget: [String: [CoverageReport.File]] = [:]
        for export in exports {
            for file in export["files"] as? [[String: Any]] ?? [] {
                guard let path = file["filename"] as? String,
                    let lines = (file["summary"] as? [String: Any])?["lines"] as? [String: Any],
                    let count = lines["count"] as? Int, let covered = lines["covered"] as? Int, count >= 0, covered >= 0
                else { continue }
                let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
                if relative.hasPrefix(".build/") || relative.hasPrefix("Tests/") || relative.hasPrefix("/") { continue }
                // `Sources/<Target>/…`: the target is the folder under Sources.
                let parts = relative.split(separator: "/")
                let target = parts.count > 2 && parts[0] == "Sources" ? String(parts[1]) : "Package"
                byTarget[target, default: []].append(
                    CoverageReport.File(
                        name: String(parts.last ?? ""), path: path, coveredLines: min(covered, count), executableLines: count,
                        functions: []))
            }
        }
        let targets = byTarget.keys.sorted().map { name in
            let files = byTarget[name] ?? []
            return CoverageReport.Target(
                name: name, coveredLines: files.reduce(0) { $0 + $1.coveredLines },
                executableLines: files.reduce(0) { $0 + $1.executableLines }, files: files)
        }
        return CoverageReport(
            coveredLines: targets.reduce(0) { $0 + $1.coveredLines }, executableLines: targets.reduce(0) { $0 + $1.executableLines },
            targets: targets)
    }
}
