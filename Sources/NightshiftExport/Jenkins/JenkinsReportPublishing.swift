import NightshiftCore

/// What a lane's job keeps of a build, in `post { always { … } }`: its HTML report, published
/// with the HTML Publisher plugin (`publishHTML`), and its files, archived (`archiveArtifacts`).
/// The report needs no change to Jenkins' default Content-Security-Policy: it has no script, no
/// inline style and no data: URI. `allowMissing` and `allowEmptyArchive`: a lane that failed
/// before writing anything must still show its own failure, not one of these steps'.
enum JenkinsReportPublishing {
    /// The lines for `lane`, whose run line writes `--html` into `ExportRunCommand.htmlReport`.
    static func lines(lane: String) -> [String] {
        let target = [
            "reportDir: \(GroovyLiteral.string(ExportRunCommand.htmlReport(lane)))", "reportFiles: 'index.html'",
            "reportName: \(GroovyLiteral.string("nightshift \(lane)"))", "keepAll: true", "alwaysLinkToLastBuild: true",
            "allowMissing: true",
        ]
        return ["publishHTML(target: [\(target.joined(separator: ", "))])", archiveLine(lane: lane)]
    }

    /// The lane's JUnit report and this build's run folder (its logs, its own HTML report in
    /// `report/`, the archive and the .ipa it built), without the derived data, which is large and
    /// rebuilt every time. Not `reports/html/<lane>`: publishHTML keeps that, logs included.
    /// Ant patterns take `,` as their separator and have no escape for it: a comma in a lane's
    /// name is matched by `?`, any one character.
    private static func archiveLine(lane: String) -> String {
        func pattern(_ text: String) -> String { String(text.map { $0 == "," ? "?" : $0 }) }
        let (name, runFolder) = (pattern(ExportRunCommand.fileName(lane)), pattern(lane))
        let artifacts = GroovyLiteral.concatenation([
            .text("reports/\(name).xml, .nightshift/runs/\(runFolder)/*-b"), .environment("BUILD_NUMBER"),
            .text("-*/**"),
        ])
        return "archiveArtifacts artifacts: \(artifacts), excludes: '**/DerivedData/**, **/TestDerivedData/**', allowEmptyArchive: true"
    }
}
