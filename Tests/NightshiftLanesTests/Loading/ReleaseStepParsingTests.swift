import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem
import Testing

@Suite("release: step parsing")
struct ReleaseStepParsingTests {
    private func parse(_ step: String) throws -> LanesFile {
        let text = "project: { name: Brewer }\nlanes:\n  promote:\n    steps:\n      - \(step)\n"
        return try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
    }

    private func settings(_ step: String) throws -> ReleaseSettings {
        guard case .release(let settings) = try #require(try parse(step).lanes.first?.steps.first).kind else {
            Issue.record("not a release step")
            throw CancellationError()
        }
        return settings
    }

    @Test("every key is read; the key comes from the upload's variables")
    func keys() throws {
        let full = try settings(
            #"release: { build: "412", version: "3.2.0", whats_new: { en-US: "Faster sync.", de-DE: "Schneller." }, release_type: scheduled, earliest_release: "2026-12-01T10:00:00Z", phased: true, encryption: false, submit: false, cancel_previous: true, endpoint: "http://proxy:8080" }"#
        )
        #expect(full.build?.raw == "412" && full.version?.raw == "3.2.0")
        guard case .perLocale(let texts) = full.whatsNew else {
            Issue.record("whats_new is not per locale")
            return
        }
        #expect(texts.mapValues(\.raw) == ["en-US": "Faster sync.", "de-DE": "Schneller."])
        #expect(full.releaseType == .scheduled && full.earliestRelease?.raw == "2026-12-01T10:00:00Z")
        #expect(full.phased == true && full.encryption == false && !full.submit && full.cancelPrevious)
        #expect(full.endpoint?.raw == "http://proxy:8080")
        #expect(full.keyID.raw == "${APP_STORE_CONNECT_API_KEY_KEY_ID}")
        #expect(try settings("release: { whats_new: { from: git } }").whatsNew == .git)
        #expect(try settings("release: { whats_new: { from: fastlane/metadata } }").whatsNew == .folder(Template("fastlane/metadata")))
        #expect(try settings(#"release: { whats_new: "Bug fixes." }"#).whatsNew == .text(Template("Bug fixes.")))
        let bare = try settings("release")
        #expect(bare.build == nil && bare.submit && bare.whatsNew == .none)
    }

    @Test(
        "wrong values are located errors, before any step",
        arguments: [
            (
                "release: { release_type: later }",
                "lanes.yml:5:34: error: release.release_type must be one of manual, after_approval, scheduled, found 'later'"
            ),
            ("release: { release_type: scheduled }", "lanes.yml:5:34: error: release.release_type: scheduled needs 'earliest_release:'"),
            ("release: { build: newest }", "lanes.yml:5:27: error: release.build must be a build number or 'latest', found 'newest'"),
            ("release: { phased: maybe }", "lanes.yml:5:28: error: release.phased"),
            ("release: { whats_new: { english: hi } }", "lanes.yml:5:33: error: release.whats_new: 'english' is not a locale"),
        ])
    func errors(step: String, message: String) throws {
        #expect {
            _ = try parse(step)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("the key's variables are named before any step runs")
    func credentials() throws {
        let requirements = try #require(LaneRequirements(lane: "promote", in: try parse("release: { build: latest }")))
        #expect(
            requirements.names == [
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID", "APP_STORE_CONNECT_API_KEY_KEY", "APP_STORE_CONNECT_API_KEY_KEY_ID",
            ])
    }
}
