import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftEngine
import NightshiftSchema
import NightshiftTestSupport
import Testing

/// The Slack and Teams messages: Block Kit within its documented limits, an Adaptive Card that
/// validates, and the failing step's reason in both, however long it is.
@Suite("Notification messages", .temporaryDirectory)
struct NotificationMessageTests {
    typealias Fixtures = NotificationFixtures

    /// A lane whose every text is far over Block Kit's limits: a reason of 10,000 characters on
    /// one line, 500 flaky tests with long names, a configuration of 5,000 characters.
    static func oversized() -> LaneRunSummary {
        var result = Fixtures.result(reason: "error: " + String(repeating: "the signing identity is & <gone> ", count: 300))
        result.steps[1].tests = TestStepReport(
            tests: (0..<500).map {
                TestCaseRecord(
                    identifier: "AppTests/" + String(repeating: "Long", count: 20) + "Tests/test\($0)()", outcome: .passed, isFlaky: true)
            })
        return LaneRunSummary(
            result: result, configuration: String(repeating: "Release", count: 700), previousRunFailed: false, commit: "abc",
            buildURL: "https://ci.example/job/ship/42/")
    }

    static func blocks(_ payload: [String: Any]) throws -> [[String: Any]] {
        try #require(payload["blocks"] as? [[String: Any]])
    }

    /// Every `text` of a block with its kind: header, section, field.
    static func texts(_ blocks: [[String: Any]]) -> [(kind: String, text: String)] {
        blocks.flatMap { block -> [(String, String)] in
            let type = block["type"] as? String ?? ""
            var texts: [(String, String)] = []
            if let text = (block["text"] as? [String: Any])?["text"] as? String { texts.append((type, text)) }
            for field in block["fields"] as? [[String: Any]] ?? [] { texts.append(("field", field["text"] as? String ?? "")) }
            return texts
        }
    }

    @Test("Slack: a header, the facts as fields, the failing step, tests with the flaky named, deliveries, the build link")
    func slackMessage() throws {
        let payload = SlackMessage.payload(try #require(NotificationContent(Fixtures.summary())))
        let blocks = try Self.blocks(payload)
        #expect(blocks.map { $0["type"] as? String } == ["header", "section", "section", "section", "section", "section"])
        let texts = Self.texts(blocks).map(\.text)
        #expect(texts[0] == ":x: ship failed")
        #expect(texts.contains("*Version*\n1.4.0 (42)"))
        #expect(texts.contains("*Configuration*\nRelease"))
        #expect(texts.contains("*Commit*\n0123456789ab"))
        #expect(texts.contains("*Failed step:* upload-dsyms\nxcrun exited 65: upload refused"))
        #expect(
            texts.contains(
                "*Tests:* 3 passed, 0 failed, 1 skipped, 2 flaky\n*Flaky:* AppTests/SyncTests/testRetry(), AppTests/UITests/testLogin() (iPhone 16)"
            ))
        #expect(
            texts.contains {
                $0.contains("TestFlight: TestFlight build 6f1c-42") && $0.contains("Firebase: Firebase release https://console")
            })
        #expect(texts.last == "<https://ci.example/job/ship/42/|Open the build>")
        let fallback = try #require(payload["text"] as? String)
        #expect(fallback.hasPrefix("ship failed\nLane: ship\n"))
    }

    @Test("Slack: every text within Block Kit's documented limits, cut visibly, the failure reason kept")
    func slackLimits() throws {
        let payload = SlackMessage.payload(try #require(NotificationContent(Self.oversized())))
        let blocks = try Self.blocks(payload)
        #expect(blocks.count <= 50)
        for block in blocks where block["fields"] != nil {
            #expect((block["fields"] as? [Any])?.count ?? 0 <= 10)
        }
        for (kind, text) in Self.texts(blocks) {
            let limit = ["header": 150, "section": 3000, "field": 2000][kind] ?? 0
            #expect(text.utf16.count <= limit, "\(kind) of \(text.utf16.count)")
        }
        #expect((payload["text"] as? String)?.utf16.count ?? .max <= 3000)
        let failure = try #require(Self.texts(blocks).first { $0.text.hasPrefix("*Failed step:*") }?.text)
        #expect(failure.contains("error: the signing identity is &amp; &lt;gone&gt;"))
        #expect(failure.hasSuffix(TextLimit.marker))
        let configuration = try #require(Self.texts(blocks).first { $0.text.hasPrefix("*Configuration*") }?.text)
        #expect(configuration.hasSuffix(TextLimit.marker))
        let tests = try #require(Self.texts(blocks).first { $0.text.hasPrefix("*Tests:*") }?.text)
        #expect(tests.hasSuffix(" more") && tests.contains("flaky\n*Flaky:* AppTests/LongLong"), "\(tests)")
    }

    @Test("Slack: &, < and > are escaped, as mrkdwn requires")
    func slackEscaping() {
        #expect(SlackMessage.escaped("a < b && c > d") == "a &lt; b &amp;&amp; c &gt; d")
        // A cut never leaves half an entity.
        #expect(TextLimit.cut("ab&amp;cdefghijklmnopqrstuvwxyz", to: 4 + TextLimit.marker.utf16.count) == "ab" + TextLimit.marker)
        #expect(TextLimit.cut("short", to: 5) == "short")
    }

    @Test("Teams: the Workflows envelope around an Adaptive Card 1.4 with the facts, the failing step and the build link")
    func teamsMessage() throws {
        let payload = TeamsMessage.payload(try #require(NotificationContent(Fixtures.summary())))
        #expect(payload["type"] as? String == "message")
        let attachment = try #require((payload["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["contentType"] as? String == "application/vnd.microsoft.card.adaptive")
        let card = try #require(attachment["content"] as? [String: Any])
        #expect(card["type"] as? String == "AdaptiveCard")
        #expect(card["version"] as? String == "1.4")
        let body = try #require(card["body"] as? [[String: Any]])
        #expect(body.first?["text"] as? String == "ship failed")
        #expect(body.first?["color"] as? String == "Attention")
        let facts = try #require(body[1]["facts"] as? [[String: String]])
        #expect(facts.contains(["title": "Version", "value": "1.4.0 (42)"]))
        #expect(body.contains { $0["text"] as? String == "xcrun exited 65: upload refused" })
        let action = try #require((card["actions"] as? [[String: Any]])?.first)
        #expect(action["url"] as? String == "https://ci.example/job/ship/42/")
    }

    static let schemas = Golden.folder() + "/../Fixtures/adaptive-card"

    @Test(
        "Teams: the envelope and the card validate with check-jsonschema (passed, fixed, failed, interrupted, oversized)",
        .enabled(if: Checker.path != nil, "check-jsonschema is not installed (scripts/install-deps)"))
    func teamsCardValidates() async throws {
        let checker = try #require(Checker.path)
        let folder = try TemporaryDirectory.make("cards")
        var interrupted = Fixtures.result()
        interrupted.status = .interrupted
        let summaries = [
            Fixtures.summary(Fixtures.result(failed: false)), Fixtures.summary(Fixtures.result(failed: false), previousRunFailed: true),
            Fixtures.summary(), Fixtures.summary(interrupted, buildURL: nil), Self.oversized(),
        ]
        var envelopes: [String] = []
        var cards: [String] = []
        for (index, summary) in summaries.enumerated() {
            let payload = TeamsMessage.payload(try #require(NotificationContent(summary)))
            let card = try #require((payload["attachments"] as? [[String: Any]])?.first?["content"])
            envelopes.append(try Self.write(payload, to: "\(folder)/envelope-\(index).json"))
            cards.append(try Self.write(card, to: "\(folder)/card-\(index).json"))
        }
        // Microsoft's published 1.4 schema (copied unchanged, MIT: LICENSE-adaptive-card) is the
        // authority; nightshift's own, stricter one also refuses properties 1.4 allows but Teams'
        // Workflows renderer ignores.
        let schemas = [
            ("envelope.schema.json", envelopes), ("adaptive-card-1.4.0.json", cards), ("nightshift-card-1.4.schema.json", cards),
        ]
        for (schema, files) in schemas {
            let result = try await RepositoryFiles.run(checker, ["--schemafile", "\(Self.schemas)/\(schema)"] + files)
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
        // The check can fail: a card with a misspelt property does not validate.
        let misspelt = try Self.write(
            ["type": "AdaptiveCard", "version": "1.4", "body": [["type": "TextBlock", "text": "x", "colour": "Good"]]],
            to: "\(folder)/bad.json")
        for schema in ["adaptive-card-1.4.0.json", "nightshift-card-1.4.schema.json"] {
            #expect(
                try await RepositoryFiles.run(checker, ["--schemafile", "\(Self.schemas)/\(schema)", misspelt]).status != 0, "\(schema)")
        }
    }

    private static func write(_ object: Any, to path: String) throws -> String {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The project's own check-jsonschema (scripts/install-deps), never a global one it did not install.
enum Checker {
    static let path: String? = BuildToolsVenv.executable("check-jsonschema")
}
