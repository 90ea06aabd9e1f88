import Crypto
import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `notarize: { method: notarytool }` through the built binary, with fake `xcrun notarytool`,
/// `xcrun stapler`, `spctl` and `codesign` (FakeTools/notary) that answer as Apple's man pages say.
@Suite("nightshift run notarizing with notarytool, end to end", .temporaryDirectory)
struct NotarizeLaneTests {
    static let fakeTools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FakeTools/notary").path
    static let submissionID = "c00fe84b-95f2-4890-b7ea-019a7f546abd"

    struct Project {
        let directory: String
        let pem = P256.Signing.PrivateKey().pemRepresentation

        init() throws {
            directory = try makeTemporaryDirectory()
            // The step before the notarization writes nightshift's pid, then the disk image.
            let lanes = """
                project: { name: Demo }
                lanes:
                  mac:
                    steps:
                      - sh: echo $PPID > nightshift.pid && mkdir -p build && printf 'signed disk image' > build/App.dmg
                      - notarize: { file: build/App.dmg, poll: 1s, method: notarytool }
                """
            try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        }

        var state: String { directory + "/notary-state" }
        var log: String { directory + "/fake.log" }

        var environment: [String: String] {
            [
                "PATH": NotarizeLaneTests.fakeTools + ":/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log, "FAKE_NOTARY_STATE": state,
                "APP_STORE_CONNECT_API_KEY_KEY_ID": "2X9R4HXF34",
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "57246542-96fe-1a63-e053-0824d011072a",
                "APP_STORE_CONNECT_API_KEY_KEY": pem,
            ]
        }

        func setStatus(_ status: String) throws { try status.write(toFile: state, atomically: true, encoding: .utf8) }

        /// Each fake call's argv, in order.
        var calls: [[String]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map { $0.split(separator: "\0").map(String.init) }
        }

        var submits: Int { calls.filter { $0.starts(with: ["xcrun", "notarytool", "submit"]) }.count }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    @Test("Accepted: submitted once, the log's warning printed, stapled and verified; the same file again is not resubmitted")
    func accepted() async throws {
        let project = try Project()
        defer { project.remove() }
        try project.setStatus("Accepted")
        let outcome = try await NightshiftBinary.run(
            ["run", "mac", "--json", "report.json"], in: project.directory, environment: project.environment)
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(shown)")
        #expect(shown.contains("warning: App.dmg/App.app/Contents/MacOS/App (arm64): The signature does not include a secure timestamp."))
        #expect(shown.contains("Apple accepted App.dmg (submission \(Self.submissionID)), with 1 warning"))
        #expect(shown.contains("stapled and verified App.dmg"))
        #expect(!shown.contains("BEGIN PRIVATE KEY"))
        let tools = project.calls.map { $0.prefix(3).joined(separator: " ") }
        #expect(tools.contains("xcrun stapler staple") && tools.contains("xcrun stapler validate"))
        #expect(tools.contains("spctl --assess --type") && tools.contains("codesign --verify --deep"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project.directory + "/report.json")))
        let steps = ((report as? [String: Any])?["lanes"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]
        #expect((steps?.last?["details"] as? [String: String])?["submission_id"] == Self.submissionID)

        let again = try await NightshiftBinary.run(["run", "mac"], in: project.directory, environment: project.environment)
        #expect(again.exitCode == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(again.standardOutput.contains("as submission \(Self.submissionID), last seen Accepted: using it, not submitting again"))
        #expect(project.submits == 1)
    }

    @Test("SIGKILL during the wait: the run is interrupted for --resume, which waits on the same submission and submits nothing")
    func killedDuringWait() async throws {
        let project = try Project()
        defer { project.remove() }
        async let first = NightshiftBinary.run(["run", "mac"], in: project.directory, environment: project.environment)
        let pid = try await SignalTests.waitForPID(in: project.directory + "/nightshift.pid")
        // A real process's pace: real time.
        await waitUntil("nightshift polls the submission", checkingEvery: .milliseconds(50)) {
            project.calls.contains { $0.starts(with: ["xcrun", "notarytool", "info"]) }
        }
        let journal = try Self.journal(in: project.directory)
        #expect(journal.contains(Self.submissionID), "the submission id is in the journal while the step runs")
        kill(pid, SIGKILL)
        #expect(try await first.exitCode != 0)
        try project.setStatus("Accepted")

        let resumed = try await NightshiftBinary.run(["run", "mac", "--resume"], in: project.directory, environment: project.environment)
        let shown = resumed.standardOutput + resumed.standardError
        #expect(resumed.exitCode == 0, "\(shown)")
        #expect(shown.contains("resuming run"))
        #expect(shown.contains("using it, not submitting again"))
        #expect(project.submits == 1, "submitted once across both runs")
    }

    @Test("Invalid: exit 1 with the status and each issue's path and message; nothing is stapled")
    func invalid() async throws {
        let project = try Project()
        defer { project.remove() }
        try project.setStatus("Invalid")
        let outcome = try await NightshiftBinary.run(["run", "mac"], in: project.directory, environment: project.environment)
        let shown = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 1, "\(shown)")
        #expect(shown.contains("Apple's notary service judged App.dmg Invalid (submission \(Self.submissionID))"))
        #expect(shown.contains("App.dmg/App.app/Contents/MacOS/App (arm64): The signature does not include a secure timestamp."))
        #expect(!project.calls.contains { $0.starts(with: ["xcrun", "stapler"]) })
    }

    /// The text of the lane's only run's journal.
    static func journal(in directory: String) throws -> String {
        let runs = directory + "/.nightshift/runs/mac"
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs).first)
        return try String(contentsOfFile: "\(runs)/\(run)/journal.json", encoding: .utf8)
    }
}
