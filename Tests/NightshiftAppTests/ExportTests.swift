import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("export jenkins, in process")
struct ExportTests {
    @Test("a Jenkinsfile per lane into --output, read against the current directory; exit 0")
    func writesFiles() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ExportJenkins(global: LanesFileOptions(), lanes: ["lint", "nightly"], output: "ci").execute(
            in: app.environment())
        #expect(status == 0)
        #expect(app.standardOutput == "wrote ci/Jenkinsfile.lint\nwrote ci/Jenkinsfile.nightly\n")
        #expect(app.read("ci/Jenkinsfile.nightly")?.contains("nightshift run nightly") == true)
    }

    @Test("an unknown lane: a did-you-mean, exit 2, nothing written")
    func unknownLane() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ExportJenkins(global: LanesFileOptions(), lanes: ["nigthly"], output: "ci").execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError.contains("error: no lane named 'nigthly'"))
        #expect(app.standardError.contains("did you mean 'nightly'?"))
        #expect(app.standardOutput == "")
        #expect(app.read("ci/Jenkinsfile.nigthly") == nil)
    }

    @Test("an output folder that cannot be made: exit 1")
    func cannotWrite() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("a file", to: "ci")
        let status = await ExportJenkins(global: LanesFileOptions(), lanes: ["lint"], output: "ci", single: true).execute(
            in: app.environment())
        #expect(status == 1)
        #expect(app.standardError.hasPrefix("error: "))
        #expect(app.standardOutput == "")
    }

    @Test("an invalid lanes.yml: exit 2")
    func invalid() async throws {
        let app = try AppHarness(lanes: Fixtures.invalid)
        let status = await ExportJenkins(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError.contains("error: unknown key 'stpes'"))
    }
}
