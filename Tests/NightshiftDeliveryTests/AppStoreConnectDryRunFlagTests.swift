@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import Testing

/// `wait:` and `submit_for_review:` read by the dry run and by the real upload
/// (`TestFlightSettings`) through the same decoder: before, the dry run compared strings and
/// read `wait: no` as waiting.
@Suite("App Store Connect dry run flags")
struct AppStoreConnectDryRunFlagTests {
    static let spellings = ["no", "yes", "false", "true", "No", "YES", "off", "on"]

    static func settings(_ values: [String: String]) -> UploadSettings {
        UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "P"].merging(values) { $1 }))
    }

    @Test("wait: the dry run stops after the upload exactly when the real run does not wait", arguments: spellings)
    func wait(spelling: String) throws {
        let settings = Self.settings(["wait": spelling])
        let real = try TestFlightSettings(settings)
        let dry = AppStoreConnectDryRun.lines(file: "App.ipa", settings: settings)
        #expect(dry.contains("  then stop: 'wait: false'") == !real.wait)
        #expect(dry.contains { $0.hasPrefix("  GET /v1/buildUploads/<id> until COMPLETE") } == real.wait)
    }

    @Test("submit_for_review: the dry run shows the review submission exactly when the real run makes it", arguments: spellings)
    func submitForReview(spelling: String) throws {
        let settings = Self.settings(["submit_for_review": spelling])
        let real = try TestFlightSettings(settings)
        let dry = AppStoreConnectDryRun.lines(file: "App.ipa", settings: settings)
        #expect(dry.contains("  POST /v1/betaAppReviewSubmissions") == real.submitForReview)
    }

    @Test("the spellings decode as YAML's booleans: no and false do not wait, yes and true do")
    func decoded() throws {
        for (spelling, expected) in [("no", false), ("false", false), ("yes", true), ("true", true)] {
            #expect(try TestFlightSettings(Self.settings(["wait": spelling])).wait == expected)
        }
    }
}
