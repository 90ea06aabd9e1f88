import Foundation
import GRDB
@testable import NightshiftApp
import NightshiftCore
import NightshiftEngine
import NightshiftFakeTransport
import NightshiftTestSupport
import Testing

/// Issue #27, §2: a secret the run learns on the way (here an upload's header credential, filled
/// from a variable nothing takes for a secret) is masked from then on in every way out of the
/// process: the console, the step logs, the journal, the JUnit and JSON reports and the run
/// history, in its other encodings too.
@Suite("a secret learned at run time is masked in every sink")
struct LearnedSecretSinksTests {
    /// Characters each encoding writes differently (`/`, `+`, `&`).
    static let token = "rt-tok/en+4711&q"

    /// The forms a tool or a file may spell the token in (`SecretEncodings` masks each).
    static let forms: [String] = [
        token,
        Data(token.utf8).base64EncodedString(),
        token.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))!,
        token.replacingOccurrences(of: "/", with: "\\/"),
        token.replacingOccurrences(of: "&", with: "&amp;"),
    ]

    static func expectNoToken(in text: String, _ place: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for form in forms {
            #expect(!text.contains(form), "\(form) shown in \(place)", sourceLocation: sourceLocation)
        }
    }

    /// Every file the run left under `.nightshift` (logs, journal, history), as text.
    static func runFiles(in directory: String) -> [String: String] {
        let root = directory + "/.nightshift"
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return Dictionary(
            uniqueKeysWithValues: paths.compactMap { path in
                (FileManager.default.contents(atPath: "\(root)/\(path)")).map { (path, String(decoding: $0, as: UTF8.self)) }
            })
    }

    @Test("an upload's credential: the console, step logs, journal and reports of the steps after it show it masked")
    func throughARun() async throws {
        let percentEncoded = Self.forms[2]
        let server = InProcessHTTPServer { _, _ in .status(201, "", headers: ["Location": "/files/\(percentEncoded)"]) }
        let app = try AppHarness(
            lanes: """
                project: { name: App }
                lanes:
                  ship:
                    steps:
                      - sh: mkdir -p build && printf 'the build' > build/App.ipa
                      - upload: { to: http, url: "\(server.url("/up"))", file: build/App.ipa, headers: { X-Store-Token: "${STORE_HEADER}" } }
                      - sh: sh show.sh
                        name: show
                """)
        try app.write(
            """
            printf '%s\\n' "$STORE_HEADER"
            printf '%s' "$STORE_HEADER" | base64
            printf '%s\\n' "$STORE_HEADER_URL" "$NIGHTSHIFT_UPLOAD_LOCATION"
            exit 1
            """, to: "show.sh")
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["ship"], junit: "r.xml", json: "r.json")
            .execute(in: app.realShellEnvironment(["STORE_HEADER": Self.token, "STORE_HEADER_URL": percentEncoded], transport: server))

        #expect(status == 1, "\(app.shown)")
        #expect(server.requests.first?.headers["x-store-token"] == Self.token)
        Self.expectNoToken(in: app.shown, "the console")
        #expect(app.standardOutput.contains("    ********\n    ********\n    ********\n"), "\(app.standardOutput)")
        let files = Self.runFiles(in: app.directory)
        // The upload's location, which spells the token, is exported, and the journal keeps exports.
        let journal = try #require(files.first { $0.key.hasSuffix("journal.json") }?.value)
        #expect(journal.contains("/files/********"), "\(journal)")
        #expect(files.keys.contains { $0.hasSuffix(".log") })
        for (path, text) in files { Self.expectNoToken(in: text, path) }
        for report in ["r.xml", "r.json"] {
            let text = try #require(app.read(report))
            // JUnit quotes the failed step's last lines; the JSON report names its log instead.
            if report == "r.xml" { #expect(text.contains("********"), "\(text)") }
            Self.expectNoToken(in: text, report)
        }
    }

    static func results() -> [LaneResult] {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        var step = StepResult(lane: "nightly", name: "deploy \(token)", kind: .step(.sh), status: .failed, start: start)
        step.message = "refused \(forms[1]) and \(forms[2])"
        step.tests = TestStepReport(tests: [TestCaseRecord(identifier: "S/t(\(token))", outcome: .failed, durationSeconds: 2)])
        return [
            LaneResult(lane: "nightly", status: .failed, steps: [step], start: start, duration: .seconds(3), runID: "r-1", logFolder: "")
        ]
    }

    @Test("the reports and the run history are masked as they are written, with what the run learned by then")
    func reportsAndHistory() async throws {
        let app = try AppHarness()
        let context = CommandContext(options: LanesFileOptions(), environment: app.environment())
        context.secrets.learn([Self.token])
        #expect(context.writeReports(Self.results(), junit: "r.xml", json: "r.json"))
        await context.recordTests(of: Self.results(), dryRun: false)

        for report in ["r.xml", "r.json"] {
            let text = try #require(app.read(report))
            #expect(text.contains("deploy ********"), "\(text)")
            Self.expectNoToken(in: text, report)
        }
        let rows = try await DatabaseQueue(path: context.historyPath).read { db in
            try Row.fetchAll(db, sql: "SELECT lane, step, identifier FROM test_result").map { "\($0)" }
        }
        #expect(rows.count == 1)
        #expect(rows.joined().contains("deploy ********"), "\(rows)")
        for row in rows { Self.expectNoToken(in: row, "the run history") }
    }
}
