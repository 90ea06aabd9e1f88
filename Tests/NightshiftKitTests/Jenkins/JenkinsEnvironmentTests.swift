import Foundation
import NightshiftKit
import Testing

@Suite("JenkinsEnvironment and JenkinsfileWriter")
struct JenkinsEnvironmentTests {
    private let jenkins = JenkinsEnvironment([
        "JENKINS_URL": "https://ci.example/", "BUILD_NUMBER": "42", "WORKSPACE": "/agent/ws/brewer",
        "JOB_NAME": "apps/developer-release", "BUILD_URL": "https://ci.example/job/apps/job/developer-release/42/",
    ])
    private let date = Date(timeIntervalSince1970: 1_705_313_850)  // 2024-01-15 10:17:30 UTC
    private let utc = TimeZone(identifier: "UTC")!

    @Test("JENKINS_URL or BUILD_NUMBER means a Jenkins job; empty values do not count")
    func detection() {
        #expect(jenkins.isJenkins && jenkins.prefersPlainOutput)
        #expect(JenkinsEnvironment(["BUILD_NUMBER": "7"]).isJenkins)
        #expect(!JenkinsEnvironment(["JENKINS_URL": "", "HOME": "/h"]).isJenkins)
        #expect(jenkins.jobName == "apps/developer-release")
    }

    @Test("the run id carries the build number, and state goes under the workspace")
    func runIDAndStateRoot() {
        #expect(jenkins.runID(at: date, in: utc) == "20240115-101730-b42")
        #expect(JenkinsEnvironment([:]).runID(at: date, in: utc) == "20240115-101730")
        #expect(JenkinsEnvironment(["BUILD_NUMBER": "4/../2"]).runID(at: date, in: utc) == "20240115-101730-b4..2")
        #expect(jenkins.stateRoot(fallback: ".nightshift") == "/agent/ws/brewer/.nightshift")
        #expect(JenkinsEnvironment([:]).stateRoot(fallback: ".nightshift") == ".nightshift")
    }

    @Test("JUnit properties name the build, only inside Jenkins")
    func reportProperties() {
        #expect(jenkins.reportProperties.map(\.name) == ["jenkins.build_number", "jenkins.job_name", "jenkins.build_url", "jenkins.url"])
        #expect(jenkins.reportProperties.first?.value == "42")
        #expect(JenkinsEnvironment([:]).reportProperties.isEmpty)
    }

    @Test("the writer creates the output folder and replaces files already there")
    func writer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nightshift-writer-\(UUID().uuidString)/jenkins")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let writer = JenkinsfileWriter()
        try writer.write([GeneratedJenkinsfile(fileName: "Jenkinsfile.lint", contents: "old\n")], into: folder.path)
        let paths = try writer.write([GeneratedJenkinsfile(fileName: "Jenkinsfile.lint", contents: "new\n")], into: folder.path)
        #expect(paths == [folder.appendingPathComponent("Jenkinsfile.lint").path])
        #expect(try String(contentsOfFile: paths[0], encoding: .utf8) == "new\n")
    }

    @Test("a folder that cannot be made is an error naming it")
    func writerError() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("nightshift-blocker-\(UUID().uuidString)")
        try Data("file".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let target = blocker.appendingPathComponent("jenkins").path
        #expect { try JenkinsfileWriter().write([], into: target) } throws: { error in
            (error as? JenkinsfileWriter.WriteError)?.path == target
        }
    }
}
