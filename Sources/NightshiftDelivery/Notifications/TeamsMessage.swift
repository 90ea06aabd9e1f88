import Foundation

/// The Teams message: an Adaptive Card (version 1.4, which Teams renders on every client) in the
/// envelope a Teams Workflows webhook takes (`{"type": "message", "attachments": [{"contentType":
/// "application/vnd.microsoft.card.adaptive", "content": card}]}`); Office 365 connectors, which
/// took MessageCards, are retired. Teams refuses cards over about 28 KB: texts are cut
/// (`TextLimit`), the failing step's reason last.
enum TeamsMessage {
    static let contentType = "application/vnd.microsoft.card.adaptive"
    static let cardVersion = "1.4"
    static let textLimit = 2000

    static func payload(_ content: NotificationContent) -> [String: Any] {
        let attachment: [String: Any] = ["contentType": contentType, "content": card(content)]
        return ["type": "message", "attachments": [attachment]]
    }

    static func card(_ content: NotificationContent) -> [String: Any] {
        var body: [[String: Any]] = [
            [
                "type": "TextBlock", "text": TextLimit.cut(content.title, to: 200), "size": "Large", "weight": "Bolder", "wrap": true,
                "color": color(content.outcome),
            ],
            ["type": "FactSet", "facts": content.facts.map { ["title": $0.label, "value": TextLimit.cut($0.value, to: textLimit)] }],
        ]
        if let failure = content.failure {
            body.append(text("**Failed step:** " + TextLimit.cut(failure.step, to: 200)))
            body.append(["type": "TextBlock", "text": TextLimit.cut(failure.reason, to: textLimit), "wrap": true, "fontType": "Monospace"])
        }
        if let tests = content.tests { body.append(text("**Tests:** " + tests)) }
        if let flaky = content.flakyList(within: textLimit - 20) { body.append(text("**Flaky:** " + flaky)) }
        if !content.deliveries.isEmpty {
            body.append(text("**Delivered**\n\n" + content.deliveries.map { "- " + $0 }.joined(separator: "\n")))
        }
        var card: [String: Any] = [
            "$schema": "http://adaptivecards.io/schemas/adaptive-card.json", "type": "AdaptiveCard", "version": cardVersion, "body": body,
            "fallbackText": TextLimit.cut(content.lines.joined(separator: "\n"), to: textLimit),
        ]
        if let url = content.buildURL, URL(string: url) != nil {
            card["actions"] = [["type": "Action.OpenUrl", "title": "Open the build", "url": url]]
        }
        return card
    }

    private static func text(_ text: String) -> [String: Any] {
        ["type": "TextBlock", "text": TextLimit.cut(text, to: textLimit), "wrap": true]
    }

    private static func color(_ outcome: LaneRunSummary.Outcome) -> String {
        switch outcome {
        case .passed, .fixed: "Good"
        case .failed: "Attention"
        case .interrupted: "Warning"
        }
    }
}
