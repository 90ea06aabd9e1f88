import Testing
@testable import NightshiftExport

@Suite("Jenkins: the HTML report published, the run archived")
struct JenkinsReportPublishingTests {
    @Test("publishHTML names the folder the run line writes, and archiveArtifacts this build's run folder")
    func lines() {
        let lines = JenkinsReportPublishing.lines(lane: "beta")
        #expect(
            lines[0]
                == "publishHTML(target: [reportDir: 'reports/html/beta', reportFiles: 'index.html', reportName: 'nightshift beta', keepAll: true, alwaysLinkToLastBuild: true, allowMissing: true])"
        )
        #expect(
            lines[1].hasPrefix(
                "archiveArtifacts artifacts: 'reports/beta.xml, .nightshift/runs/beta/*-b' + env.BUILD_NUMBER"))
        #expect(lines[1].hasSuffix("allowEmptyArchive: true"))
        #expect(
            ExportRunCommand.runLine(executable: "nightshift", lane: "beta", lanesFilePath: "lanes.yml", html: true).hasSuffix(
                "--junit reports/beta.xml --html reports/html/beta"))
    }

    @Test("A comma in a lane's name cannot split the Ant pattern; a quote stays inside the Groovy string")
    func hostileName() {
        let lines = JenkinsReportPublishing.lines(lane: "a,b'c")
        #expect(lines[1].contains(#"'reports/a?b\'c.xml, .nightshift/runs/a?b\'c/*-b'"#))
        #expect(lines[0].contains(#"reportName: 'nightshift a,b\'c'"#))
    }
}
