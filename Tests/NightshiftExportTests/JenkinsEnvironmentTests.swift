import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("CIEnvironment under Jenkins, and ExportWriter", .temporaryDirectory)
struct JenkinsEnvironmentTests {
    private let jenkins = CIEnvironment([
        "JENKINS_URL": "https://ci.example/", "BUILD_NUMBER": "42", "WORKSPACE": "/agent/ws/brewer",
        "JOB_NAME": "apps/developer-release", "BUILD_URL": "https://ci.example/job/apps/job/developer-release/42/",
    ])

    @Test("JENKINS_URL or BUILD_NUMBER means a Jenkins job; empty values do not count")
    func detection() {
        #expect(jenkins.engine == .jenkins && jenkins.prefersPlainOutput && !jenkins.registersMasks)
        #expect(CIEnvironment(["BUILD_NUMBER": "7"]).engine == .jenkins)
        #expect(!CIEnvironment(["JENKINS_URL": "", "HOME": "/h"]).isCI)
        #expect(jenkins.reportProperties.map(\.value).contains("apps/developer-release"))
    }

    @Test("the build tag is path-safe, and state goes under the workspace")
    func buildTagAndStateRoot() {
        #expect(jenkins.buildTag == "b42")
        #expect(CIEnvironment([:]).buildTag == nil)
        #expect(CIEnvironment(["BUILD_NUMBER": "4/../2"]).buildTag == "b4..2")
        #expect(CIEnvironment(["BUILD_NUMBER": "///"]).buildTag == nil)
        #expect(jenkins.stateRoot(fallback: ".nightshift") == "/agent/ws/brewer/.nightshift")
        #expect(CIEnvironment(["BUILD_NUMBER": "1", "WORKSPACE": "/ws/"]).stateRoot(fallback: ".nightshift") == "/ws/.nightshift")
        #expect(CIEnvironment(["WORKSPACE": "/ws"]).stateRoot(fallback: ".nightshift") == ".nightshift")
        #expect(CIEnvironment([:]).stateRoot(fallback: ".nightshift") == ".nightshift")
    }

    @Test("JUnit properties name the build, only inside Jenkins")
    func reportProperties() {
        let names = ["jenkins.build_number", "jenkins.job_name", "jenkins.build_url", "jenkins.url"]
        #expect(jenkins.reportProperties.map(\.name) == names)
        #expect(jenkins.reportProperties.first?.value == "42")
        let onAgent = CIEnvironment(["BUILD_NUMBER": "7", "NODE_NAME": "mac-mini-2"])
        #expect(onAgent.reportProperties.map(\.name) == ["jenkins.build_number", "jenkins.node_name"])
        #expect(CIEnvironment(["JOB_NAME": "x"]).reportProperties.isEmpty)
    }

    @Test("the writer creates the output folder and replaces files already there")
    func writer() throws {
        let folder = URL(fileURLWithPath: try TemporaryDirectory.make("writer")).appendingPathComponent("jenkins")
        let writer = ExportWriter()
        try writer.write([ExportedFile(fileName: "Jenkinsfile.lint", contents: "old\n")], into: folder.path)
        let paths = try writer.write([ExportedFile(fileName: "Jenkinsfile.lint", contents: "new\n")], into: folder.path)
        #expect(paths == [folder.appendingPathComponent("Jenkinsfile.lint").path])
        #expect(try String(contentsOfFile: paths[0], encoding: .utf8) == "new\n")
    }

    @Test("a folder that cannot be made is an error naming it")
    func writerError() throws {
        let blocker = URL(fileURLWithPath: try TemporaryDirectory.make()).appendingPathComponent("blocker")
        try Data("file".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("jenkins").path
        #expect { try ExportWriter().write([], into: target) } throws: { error in
            (error as? ExportWriter.WriteError)?.path == target
        }
    }
}
