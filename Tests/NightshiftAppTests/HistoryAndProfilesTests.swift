import Foundation
import NightshiftApp
import NightshiftCore
import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("history and profiles, in process")
struct HistoryAndProfilesTests {
    @Test("history: none yet is a sentence (or [] with --json), exit 0")
    func emptyHistory() async throws {
        let app = try AppHarness()
        #expect(await ShowHistory().execute(in: app.environment()) == 0)
        #expect(app.standardOutput == "No runs recorded.\n")
        let json = try AppHarness()
        #expect(await ShowHistory(json: true).execute(in: json.environment()) == 0)
        #expect(json.standardOutput.hasPrefix("["))
    }

    @Test("history: a history file that cannot be opened is exit 1, named")
    func unopenableHistory() async throws {
        let app = try AppHarness()
        try app.write("", to: ".nightshift")
        try FileManager.default.removeItem(atPath: app.directory + "/.nightshift")
        try FileManager.default.createDirectory(atPath: app.directory + "/.nightshift/history.sqlite", withIntermediateDirectories: true)
        let status = await ShowHistory().execute(in: app.environment())
        #expect(status == 1)
        #expect(app.standardError.hasPrefix("error: cannot read the run history \(app.directory)/.nightshift/history.sqlite: "))
        #expect(app.standardOutput == "")
    }

    @Test("profiles: a lanes file without configurations has nothing to check; exit 0")
    func noConfigurations() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        #expect(await ShowProfiles(global: LanesFileOptions()).execute(in: app.environment()) == 0)
        #expect(app.standardError == "")
    }

    @Test("profiles: a signing file that is missing is what run would refuse: exit 1")
    func missingSigningFiles() async throws {
        let app = try AppHarness(
            lanes: """
                project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
                secrets: [KEYCHAIN_PASSWORD, CERTIFICATE_PASSWORD]
                codesigning: { path: "${CODESIGNING_PATH}", certificate_password: "${CERTIFICATE_PASSWORD}",
                               keychain: { name: ci, password: "${KEYCHAIN_PASSWORD}" } }
                configurations:
                  beta: { certificate: distribution, provisioning_profile: distribution, build_configuration: Beta,
                          app_identifier: com.example.brewer, export_method: ad-hoc }
                lanes: { release: { configuration: beta, steps: [ package ] } }
                """)
        let status = await ShowProfiles(global: LanesFileOptions()).execute(
            in: app.environment([
                "CODESIGNING_PATH": app.directory + "/signing", "CERTIFICATE_PASSWORD": "p12-Pa55-word",
                "KEYCHAIN_PASSWORD": "kc-Pa55-word",
            ]))
        #expect(status == 1)
        #expect(app.standardOutput.contains("beta"))
        #expect(!app.shown.contains("Pa55-word"))
    }

    @Test("profiles: an invalid lanes.yml or a missing .env file is exit 2")
    func profilesUsage() async throws {
        let app = try AppHarness(lanes: Fixtures.invalid)
        #expect(await ShowProfiles(global: LanesFileOptions()).execute(in: app.environment()) == 2)
        let other = try AppHarness(lanes: Fixtures.lanes)
        #expect(await ShowProfiles(global: LanesFileOptions(env: "gone")).execute(in: other.environment()) == 2)
        #expect(other.standardError == ".env.gone: error: cannot read .env.gone: no such file\n")
    }
}

@Suite("history with runs, in process")
struct HistoryListingTests {
    @Test("history: the runs recorded, newest first, one lane's with LANE; --json in UTC")
    func listing() async throws {
        let app = try AppHarness()
        try FileManager.default.createDirectory(atPath: app.directory + "/.nightshift", withIntermediateDirectories: true)
        let history = try SQLiteRunHistory(path: app.directory + "/.nightshift/history.sqlite")
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        _ = try await history.insert(RunRecord(lane: "nightly", scheduledAt: start, startedAt: start, status: .running))
        _ = try await history.insert(RunRecord(lane: "lint", scheduledAt: start.addingTimeInterval(60), status: .skipped))
        #expect(await ShowHistory().execute(in: app.environment()) == 0)
        #expect(app.standardOutput.contains("nightly") && app.standardOutput.contains("lint"))
        var environment = app.environment()
        let json = CapturingOutputSink()
        environment.output = json
        #expect(await ShowHistory(lane: "lint", json: true).execute(in: environment) == 0)
        #expect(json.standardOutput.contains("\"lint\"") && !json.standardOutput.contains("\"nightly\""))
        #expect(json.standardError == "")
    }
}

@Suite("history --tests, in process")
struct TestHistoryCommandTests {
    @Test("history --tests: none yet is a sentence; recorded tests are counted per lane; --json lists every test")
    func tests() async throws {
        let app = try AppHarness()
        #expect(await ShowHistory(tests: true).execute(in: app.environment()) == 0)
        #expect(app.standardOutput == "No test results recorded.\n")
        try FileManager.default.createDirectory(atPath: app.directory + "/.nightshift", withIntermediateDirectories: true)
        let history = try SQLiteRunHistory(path: app.directory + "/.nightshift/history.sqlite")
        for run in 1...3 {
            let record = TestCaseRecord(identifier: "BrewerTests/LedgerTests/testRounding()", outcome: run == 2 ? .failed : .passed)
            try await history.recordTests(
                runID: "r\(run)", lane: "nightly", at: Date(timeIntervalSince1970: Double(run)),
                steps: [(step: "test", report: TestStepReport(tests: [record]))])
        }
        var environment = app.environment()
        let captured = CapturingOutputSink()
        environment.output = captured
        #expect(await ShowHistory(lane: "nightly", tests: true, lastRuns: 2).execute(in: environment) == 0)
        #expect(
            captured.standardOutput == """
                nightly: 1 test in the last 2 runs; 1 failed or was flaky
                  test: BrewerTests/LedgerTests/testRounding(): failed 1 of the last 2 runs

                """)
        let json = CapturingOutputSink()
        environment.output = json
        #expect(await ShowHistory(json: true, tests: true).execute(in: environment) == 0)
        #expect(json.standardOutput.contains(#""identifier" : "BrewerTests\/LedgerTests\/testRounding()""#))
        #expect(json.standardOutput.contains(#""failed" : 1"#))
    }
}
