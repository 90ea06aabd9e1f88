import Foundation
import NightshiftCore
@testable import NightshiftExport
import NightshiftTestSupport
import Testing

/// `export jenkins` for lanes with `test:` steps: each step's per-test JUnit and, with coverage,
/// its Cobertura file in `post { always { … } }`, read by Jenkins' JUnit and Coverage plugins.
@Suite("Jenkins export: test results", .temporaryDirectory)
struct JenkinsTestResultsTests {
    static let file = LanesFile(
        path: "lanes.yml", project: Project(name: "App", scheme: "Brewer"),
        lanes: [
            Lane(
                name: "nightly",
                steps: [
                    Step(.test(TestStepSettings(subject: .xcode(scheme: nil, testPlan: nil, destination: nil), coverageMinimum: 70))),
                    Step(.test(TestStepSettings(subject: .package("."), junit: "reports/package tests.xml"))),
                    Step(.lane("unit")),
                ]),
            Lane(
                name: "unit",
                steps: [
                    Step(.test(TestStepSettings(subject: .package("Core"), coverageMinimum: 0, junit: "${REPORTS}/it's-$SUFFIX.junit.xml")))
                ]),
            Lane(name: "lint", steps: [Step(.sh("swiftlint"))]),
        ])

    @Test("junit and recordCoverage lines per lane: its own paths, the run folder of this build by default")
    func lines() throws {
        let files = try JenkinsfileGenerator().generate(Self.file).files
        let nightly = try #require(files.first { $0.fileName == "Jenkinsfile.nightly" }).contents
        let expected = """
                post {
                    always {
                        junit allowEmptyResults: true, testResults: 'reports/*.xml'
                        junit allowEmptyResults: true, testResults: 'reports/package tests.xml'
                        junit allowEmptyResults: true, testResults: env.REPORTS + '/it\\'s-' + env.SUFFIX + '.junit.xml'
                        junit allowEmptyResults: true, testResults: '.nightshift/runs/nightly/*-b' + env.BUILD_NUMBER + '-*/output/tests/*.junit.xml'
                        recordCoverage(tools: [[parser: 'COBERTURA', pattern: env.REPORTS + '/it\\'s-' + env.SUFFIX + '.cobertura.xml']])
                        recordCoverage(tools: [[parser: 'COBERTURA', pattern: '.nightshift/runs/nightly/*-b' + env.BUILD_NUMBER + '-*/output/tests/*.cobertura.xml']])
                        publishHTML(target: [reportDir: 'reports/html/nightly', reportFiles: 'index.html', reportName: 'nightshift nightly', keepAll: true, alwaysLinkToLastBuild: true, allowMissing: true])
                        archiveArtifacts artifacts: 'reports/nightly.xml, .nightshift/runs/nightly/*-b' + env.BUILD_NUMBER + '-*/**', excludes: '**/DerivedData/**, **/TestDerivedData/**', allowEmptyArchive: true
                    }
                }
            """
        #expect(nightly.contains(expected), "\(nightly)")
        #expect(nightly.contains("// recordCoverage needs Jenkins' Coverage plugin."))
        let lint = try #require(files.first { $0.fileName == "Jenkinsfile.lint" }).contents
        #expect(!lint.contains("recordCoverage") && !lint.contains("output/tests"))
        let single = try JenkinsfileGenerator().generate(Self.file, options: JenkinsExportOptions(layout: .single)).files[0].contents
        // Each stage records its own lane's run folder.
        #expect(single.contains("'.nightshift/runs/unit/*-b' + env.BUILD_NUMBER + '-*/output/tests/*.junit.xml'") == false)
        #expect(single.contains("'.nightshift/runs/nightly/*-b' + env.BUILD_NUMBER + '-*/output/tests/*.junit.xml'"))
        #expect(single.contains("junit allowEmptyResults: true, testResults: 'reports/package tests.xml'"))
    }

    @Test(
        "the DSL stub under groovy accepts them",
        .enabled(if: RepositoryFiles.executable(named: "groovy") != nil, "groovy is not installed (scripts/install-deps)"))
    func groovyAccepts() async throws {
        let groovy = try #require(RepositoryFiles.executable(named: "groovy"))
        var files = try JenkinsfileGenerator().generate(Self.file).files
        files += try JenkinsfileGenerator().generate(Self.file, options: JenkinsExportOptions(layout: .single)).files
        let paths = try ExportWriter().write(files, into: try TemporaryDirectory.make("jenkins"))
        let checker = RepositoryFiles.jenkinsScripts.appendingPathComponent("check-jenkinsfile.groovy").path
        let result = try await RepositoryFiles.run(groovy, [checker] + paths, environment: RepositoryFiles.fastJVM)
        #expect(result.status == 0, "\(result.output)")
    }
}
