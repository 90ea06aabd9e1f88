import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftEngine
import NightshiftSchema
import Testing

/// The Xcode a lane's `xcode:` chose, in what its notifications tell (issue #39).
@Suite("the lane's Xcode in notifications")
struct XcodeNotificationTests {
    static func summary() -> LaneRunSummary {
        var result = NotificationFixtures.result()
        result.xcode = InstalledXcode(
            app: "/Applications/Xcode-27.0.0-Beta.3.app", version: XcodeVersion(components: [27, 0]), build: "18A5310h", isBeta: true,
            betaNumber: 3)
        return NotificationFixtures.summary(result)
    }

    @Test("Slack and Teams facts name it; the webhook summary carries version and build")
    func told() throws {
        let content = try #require(NotificationContent(Self.summary()))
        #expect(content.facts.contains { $0.label == "Xcode" && $0.value == "27.0 beta 3 (18A5310h)" })
        let webhook = try NotificationFixtures.object(try WebhookSummary(Self.summary(), event: .success).render())
        let xcode = try #require(webhook["xcode"] as? [String: Any])
        #expect(xcode["version"] as? String == "27.0 beta 3")
        #expect(xcode["build"] as? String == "18A5310h")
    }

    @Test("a lane that pins no Xcode tells none")
    func untold() throws {
        let content = try #require(NotificationContent(NotificationFixtures.summary()))
        #expect(!content.facts.contains { $0.label == "Xcode" })
    }
}
