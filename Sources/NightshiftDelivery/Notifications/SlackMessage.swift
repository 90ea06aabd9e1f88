import Foundation

/// The Slack message: Block Kit `blocks` with a `text` fallback (what notifications and old
/// clients show), within Block Kit's documented limits (https://api.slack.com/reference/block-kit/blocks):
/// a header's text 150 characters, a section's text 3000, at most 10 fields of 2000 each, at most
/// 50 blocks. What is longer is cut visibly (`TextLimit`); the failing step's reason is cut to
/// fit, never left out.
enum SlackMessage {
    static let headerLimit = 150
    static let sectionLimit = 3000
    static let fieldLimit = 2000
    static let fieldCount = 10
    static let blockCount = 50
    /// Slack asks for a short fallback; it counts as a section's text here.
    static let textLimit = 3000

    static func payload(_ content: NotificationContent) -> [String: Any] {
        var blocks: [[String: Any]] = [
            [
                "type": "header",
                "text": [
                    "type": "plain_text", "text": TextLimit.cut(emoji(content.outcome) + " " + content.title, to: headerLimit),
                    "emoji": true,
                ]
                    as [String: Any],
            ]
        ]
        let fields = content.facts.prefix(fieldCount).map { fact in
            ["type": "mrkdwn", "text": TextLimit.cut("*\(fact.label)*\n\(escaped(fact.value))", to: fieldLimit)]
        }
        blocks.append(["type": "section", "fields": Array(fields)])
        if let failure = content.failure {
            // The step's name gives way before its reason does.
            let heading = "*Failed step:* " + TextLimit.cut(escaped(failure.step), to: 200) + "\n"
            blocks.append(section(heading + TextLimit.cut(escaped(failure.reason), to: sectionLimit - heading.utf16.count)))
        }
        if let tests = content.tests {
            let counts = "*Tests:* \(escaped(tests))"
            let flaky =
                content.flakyList(within: sectionLimit - counts.utf16.count - 20, rendering: escaped).map { "\n*Flaky:* \($0)" } ?? ""
            blocks.append(section(counts + flaky))
        }
        if !content.deliveries.isEmpty {
            blocks.append(section("*Delivered*\n" + content.deliveries.map { "• " + escaped($0) }.joined(separator: "\n")))
        }
        if let url = content.buildURL {
            blocks.append(section(url.utf16.count < sectionLimit - 20 && !url.contains("|") ? "<\(url)|Open the build>" : escaped(url)))
        }
        let text = TextLimit.cut(escaped(content.lines.joined(separator: "\n")), to: textLimit)
        return ["text": text, "blocks": Array(blocks.prefix(blockCount))]
    }

    private static func section(_ text: String) -> [String: Any] {
        ["type": "section", "text": ["type": "mrkdwn", "text": TextLimit.cut(text, to: sectionLimit)]]
    }

    /// Slack's three control characters in `mrkdwn` text (https://api.slack.com/reference/surfaces/formatting#escaping).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }

    private static func emoji(_ outcome: LaneRunSummary.Outcome) -> String {
        switch outcome {
        case .passed: ":white_check_mark:"
        case .fixed: ":tada:"
        case .failed: ":x:"
        case .interrupted: ":octagonal_sign:"
        }
    }
}
