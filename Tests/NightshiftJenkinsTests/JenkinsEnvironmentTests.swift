import Foundation
@testable import NightshiftCore
@testable import NightshiftJenkins
@testable import NightshiftReporting
import NightshiftTestSupport
import Testing
import NightshiftSystem
import Testing

@Suite("JenkinsEnvironment and JenkinsfileWriter", .temporaryDirectory)
struct JenkinsEnvironmentTests {
    private let jenkins = JenkinsEnvironment([
        "JENKINS_URL": "https://ci.example/", "BUILD_NUMBER": "42", "WORKSPACE": "/agent/ws/brewer",
        "JOB_NAME": "apps/developer-release", "BUILD_URL": "https://ci.example/job/apps/job/developer-release/42/",
    ])

    @Test("JENKINS_URL or BUILD_NUMBER means a Jenkins job; empty values do not count")
    func detection() {
        #expect(jenkins.isJenkins && jenkins.prefersPlainOutput)
        #expect(JenkinsEnvironment(["BUILD_NUMBER": "7"]).isJenkins)
        #expect(!JenkinsEnvironment(["JENKINS_URL": "", "HOME": "/h"]).isJenkins)
        #expect(jenkins.jobName == "apps/developer-release")
    }

    @Test("the build tag is path-safe, and state goes under the workspace")
    func buildTagAndStateRoot() {
        #expect(jenkins.buildTag == "b42")
        #expect(JenkinsEnvironment([:]).buildTag == nil)
        #expect(JenkinsEnvironment(["BUILD_NUMBER": "4/../2"]).buildTag == "b4..2")
        #expect(JenkinsEnvironment(["BUILD_NUMBER": "///"]).buildTag == nil)
        #expect(jenkins.stateRoot(fallback: ".nightshift") == "/agent/ws/brewer/.nightshift")
        #expect(JenkinsEnvironment(["BUILD_NUMBER": "1", "WORKSPACE": "/ws/"]).stateRoot(fallback: ".nightshift") == "/ws/.nightshift")
        #expect(JenkinsEnvironment(["WORKSPACE": "/ws"]).stateRoot(fallback: ".nightshift") == ".nightshift")
        #expect(JenkinsEnvironment([:]).stateRoot(fallback: ".nightshift") == ".nightshift")
    }

    @Test("JUnit properties name the build, only inside Jenkins")
    func reportProperties() {
        let names = ["jenkins.build_number", "jenkins.job_name", "jenkins.build_url", "jenkins.url"]
        #expect(jenkins.reportProperties.map(\.name) == names)
        #expect(jenkins.reportProperties.first?.value == "42")
        let onAgent = JenkinsEnvironment(["BUILD_NUMBER": "7", "NODE_NAME": "mac-mini-2"])
        #expect(onAgent.reportProperties.map(\.name) == ["jenkins.build_number", "jenkins.node_name"])
        #expect(JenkinsEnvironment(["JOB_NAME": "x"]).reportProperties.isEmpty)
    }

    @Test("inside Jenkins the console is plain even on a terminal; outside, a terminal gets colour")
    func consoleStyle() {
        let style = ConsoleStyle.detect(interactive: true, environment: ["BUILD_NUMBER": "42"], noColorFlag: false)
        #expect(style == ConsoleStyle(colour: false, timestamps: true))
        #expect(ConsoleStyle.detect(interactive: true, environment: ["TERM": "xterm"], noColorFlag: false).colour)
        #expect(!ConsoleStyle.detect(interactive: true, environment: ["JENKINS_URL": "https://ci/"], noColorFlag: false).colour)
    }

    @Test("the writer creates the output folder and replaces files already there")
    func writer() throws {
        let folder = URL(fileURLWithPath: try TemporaryDirectory.make("writer")).appendingPathComponent("jenkins")
        let writer = JenkinsfileWriter()
        try writer.write([GeneratedJenkinsfile(fileName: "Jenkinsfile.lint", contents: "old\n")], into: folder.path)
        let paths = try writer.write([GeneratedJenkinsfile(fileName: "Jenkinsfile.lint", contents: "new\n")], into: folder.path)
        #expect(paths == [folder.appendingPathComponent("Jenkinsfile.lint").path])
        #expect(try String(contentsOfFile: paths[0], encoding: .utf8) == "new\n")
    }

    @Test("a folder that cannot be made is an error naming it")
    func writerError() throws {
        let blocker = URL(fileURLWithPath: try TemporaryDirectory.make()).appendingPathComponent("blocker")
        try Data("file".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("jenkins").path
        #expect { try JenkinsfileWriter().write([], into: target) } throws: { error in
            (error as? JenkinsfileWriter.WriteError)?.path == target
        }
    }
}
