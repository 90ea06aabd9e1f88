import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem
import Testing

@Suite("notarize: step parsing")
struct NotarizeStepParsingTests {
    private func settings(_ step: String) throws -> NotarizeSettings {
        let text = "project: { name: Brewer }\nlanes:\n  mac:\n    steps:\n      - \(step)\n"
        let file = try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
        guard case .notarize(let settings) = try #require(file.lanes.first?.steps.first).kind else {
            Issue.record("not a notarize step")
            throw CancellationError()
        }
        return settings
    }

    @Test("every key is read; the defaults are 1h, 15s and the API")
    func keys() throws {
        let full = try settings(
            "notarize: { file: build/App.zip, wait_timeout: 2h, poll: 30s, method: notarytool, endpoint: \"http://proxy:8080\" }")
        #expect(full.file?.raw == "build/App.zip")
        #expect(!full.fileIsDefault)
        #expect(full.waitTimeout == .seconds(7200) && full.poll == .seconds(30))
        #expect(full.method == .notarytool)
        #expect(full.endpoint?.raw == "http://proxy:8080")
        let plain = try settings("notarize: { file: build/App.dmg }")
        #expect(plain.waitTimeout == .seconds(3600) && plain.poll == .seconds(15) && plain.method == .api && plain.endpoint == nil)
        // The key comes from the testflight upload's variables.
        #expect(plain.keyID.raw == "${APP_STORE_CONNECT_API_KEY_KEY_ID}")
        #expect(plain.privateKey.raw == "${APP_STORE_CONNECT_API_KEY_KEY:-${APP_STORE_CONNECT_API_KEY_KEY_FILEPATH}}")
    }

    @Test("without file: and with no packaging step before it, loading fails at the step")
    func noFile() throws {
        let text = "project: { name: Brewer }\nlanes:\n  mac:\n    steps:\n      - sh: make\n      - notarize: { poll: 20s }\n"
        #expect {
            _ = try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
        } throws: { error in
            "\(error)".contains(
                "lanes.yml:6:9: error: notarize in lane 'mac' has no 'file:' and no packaging step before it to take one from")
        }
    }

    @Test("a missing key variable is named before any step runs, with the step that reads it")
    func credentials() throws {
        let text = "project: { name: Brewer }\nlanes:\n  mac:\n    steps:\n      - notarize: { file: build/App.dmg }\n"
        let file = try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
        let requirements = try #require(LaneRequirements(lane: "mac", in: file))
        #expect(
            requirements.names == [
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID", "APP_STORE_CONNECT_API_KEY_KEY", "APP_STORE_CONNECT_API_KEY_KEY_ID",
            ])
        #expect(
            requirements.missing(from: [
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "i", "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": "k.p8",
                "APP_STORE_CONNECT_API_KEY_KEY_ID": "k",
            ]).isEmpty)
    }

    @Test("an empty key id, issuer or key is named as missing before any step runs; the key's alternatives still stand in")
    func emptyCredentials() throws {
        let text = "project: { name: Brewer }\nlanes:\n  mac:\n    steps:\n      - notarize: { file: build/App.dmg }\n"
        let file = try LanesFileLoader().parse(data: Data(text.utf8), path: "lanes.yml")
        let requirements = try #require(LaneRequirements(lane: "mac", in: file))
        let environment: EnvironmentVariables = [
            "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "", "APP_STORE_CONNECT_API_KEY_KEY": "",
            "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": "k.p8", "APP_STORE_CONNECT_API_KEY_KEY_ID": "k",
        ]
        #expect(requirements.missing(from: environment).map(\.name) == ["APP_STORE_CONNECT_API_KEY_ISSUER_ID"])
        let diagnostics = requirements.missingVariableDiagnostics(in: environment).map(\.description)
        #expect(
            diagnostics == [
                "lanes.yml:5:19: error: environment variable 'APP_STORE_CONNECT_API_KEY_ISSUER_ID' is empty "
                    + "(needed by notarize.issuer_id of step 'notarize' of lane 'mac')"
            ], "\(diagnostics)")
        // An sh step's ${VAR} still counts as set when empty.
        let sh = "project: { name: Brewer }\nlanes:\n  mac:\n    steps:\n      - sh: echo ${TAG}\n"
        let plain = try #require(LaneRequirements(lane: "mac", in: try LanesFileLoader().parse(data: Data(sh.utf8), path: "lanes.yml")))
        #expect(plain.missing(from: ["TAG": ""]).isEmpty)
    }
}
