import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSchema
import NightshiftSystem
import Testing

/// `notify:` on a lane and on the whole file (issue #28); its errors are in
/// Fixtures/invalid/bad-notify.yml.
@Suite("notify: parsing")
struct NotifyParsingTests {
    static let text = """
        notify:
          - { to: slack, webhook: "${SLACK_WEBHOOK_URL}", on: [failure, fixed, success] }
          - { to: teams, webhook: "${TEAMS_WEBHOOK_URL}", on: failure }
          - { to: webhook, url: "https://hooks.example.com/nightshift" }
        lanes:
          ship:
            steps:
              - sh: echo ship
          quiet:
            notify: []
            steps:
              - sh: echo quiet
          release:
            notify:
              - { to: webhook, url: "${HOOK_URL}", on: [always] }
            steps:
              - sh: echo release
        """

    static func file() throws -> LanesFile {
        try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
    }

    @Test("the issue's example: destinations, URLs and events as written, the default events when on: is left out")
    func issueExample() throws {
        let file = try Self.file()
        #expect(file.notify.map(\.destination) == [.slack, .teams, .webhook])
        #expect(file.notify.map(\.url.raw) == ["${SLACK_WEBHOOK_URL}", "${TEAMS_WEBHOOK_URL}", "https://hooks.example.com/nightshift"])
        #expect(file.notify.map(\.events) == [[.failure, .fixed, .success], [.failure], [.failure, .fixed]])
        #expect(file.notify[0].location?.description == "lanes.yml:2:5")
    }

    @Test("a lane's own notify: replaces the file's; an empty one silences the lane")
    func laneOverridesFile() throws {
        let file = try Self.file()
        let ship = try #require(file.lane(named: "ship"))
        #expect(file.notifications(for: ship).count == 3)
        #expect(file.notifications(for: try #require(file.lane(named: "quiet"))).isEmpty)
        let release = file.notifications(for: try #require(file.lane(named: "release")))
        #expect(release.map(\.destination) == [.webhook])
        #expect(release.map(\.events) == [[.always]])
    }

    @Test("every notify: URL is a secret setting: its variables are secrets, a URL written out is masked")
    func urlsAreSecrets() throws {
        let file = try Self.file()
        let policy = file.secretPolicy
        for name in ["SLACK_WEBHOOK_URL", "TEAMS_WEBHOOK_URL", "HOOK_URL"] { #expect(policy.isSecret(name), "\(name)") }
        let environment = EnvironmentVariables([
            "HOOK_URL": "https://example.com/h/1", "SLACK_WEBHOOK_URL": "https://hooks.slack.com/services/T/B/C",
        ])
        let masked = file.masker(in: environment).mask(
            "posted to https://hooks.example.com/nightshift and https://hooks.slack.com/services/T/B/C")
        #expect(masked == "posted to ******** and ********")
    }

    @Test("a run of a lane needs its notify: URLs' variables, named before any step runs; a lane silenced needs none")
    func requirements() throws {
        let file = try Self.file()
        let ship = try #require(LaneRequirements(lane: "ship", in: file))
        #expect(ship.names == ["SLACK_WEBHOOK_URL", "TEAMS_WEBHOOK_URL"])
        #expect(ship.variables.first?.usages.first?.place == "notify to slack")
        #expect(try #require(LaneRequirements(lane: "quiet", in: file)).names.isEmpty)
        #expect(try #require(LaneRequirements(lane: "release", in: file)).names == ["HOOK_URL"])
        let diagnostics = ship.missingVariableDiagnostics(in: EnvironmentVariables(["TEAMS_WEBHOOK_URL": "https://x.example/t"]))
        #expect(diagnostics.map(\.message) == ["environment variable 'SLACK_WEBHOOK_URL' is not set (needed by notify to slack)"])
    }
}
