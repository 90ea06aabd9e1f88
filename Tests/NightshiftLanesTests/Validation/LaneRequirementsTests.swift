@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftLanesTestSupport

@Suite("LaneRequirements")
struct LaneRequirementsTests {
    private func file(lanes: [Lane], codesigning: Codesigning? = nil, configurations: [Configuration] = []) -> LanesFile {
        LanesFile(path: "lanes.yml", project: Project(name: "App"), codesigning: codesigning, configurations: configurations, lanes: lanes)
    }

    @Test("a signing lane needs the codesigning variables and its upload's, with where each is read")
    func bundledDeveloperRelease() throws {
        let requirements = try #require(LaneRequirements(lane: "developer-release", in: BundledLanes.file))
        #expect(
            requirements.names == [
                "CERTIFICATE_PASSWORD", "CODESIGNING_PATH", "FIREBASE_APP_ID", "GOOGLE_APPLICATION_CREDENTIALS", "KEYCHAIN_NAME",
                "KEYCHAIN_PASSWORD",
            ])
        let password = try #require(requirements.variables.first { $0.name == "KEYCHAIN_PASSWORD" })
        #expect(password.usages == [.init(location: BundledLanes.at(9, 51), place: "codesigning.keychain.password")])
        let app = try #require(requirements.variables.first { $0.name == "FIREBASE_APP_ID" })
        #expect(app.usages.map(\.place) == ["app: of step 'upload to firebase' of lane 'developer-release'"])
        #expect(requirements.secrets(try BundledLanes.file.secretPolicy).map(\.name) == ["CERTIFICATE_PASSWORD", "KEYCHAIN_PASSWORD"])
        #expect(
            requirements.settings(try BundledLanes.file.secretPolicy).map(\.name) == [
                "CODESIGNING_PATH", "FIREBASE_APP_ID", "GOOGLE_APPLICATION_CREDENTIALS", "KEYCHAIN_NAME",
            ])
    }

    @Test("a lane without signing steps does not need the codesigning variables")
    func lintNeedsNothing() throws {
        #expect(try #require(LaneRequirements(lane: "lint", in: BundledLanes.file)).variables.isEmpty)
        #expect(LaneRequirements(lane: "nope", in: try BundledLanes.file) == nil)
    }

    @Test("only ${VAR} without a default counts in scripts; $VAR, $$ and ${VAR:-x} do not")
    func scriptReferences() throws {
        let lane = Lane(
            name: "l", steps: [Step(.sh("echo ${TOKEN} $HOME $${NOT} ${OPTIONAL:-x} ${TOKEN}"), options: StepOptions(name: "S"))])
        let requirements = LaneRequirements(lane, in: file(lanes: [lane]))
        #expect(requirements.names == ["TOKEN"])
        #expect(requirements.variables[0].usages.map(\.place) == ["step 'S' of lane 'l'", "step 'S' of lane 'l'"])
    }

    @Test("${A:-${B}} needs A or B: either one set is enough, and the error names both")
    func alternatives() throws {
        // In a template; a script's `${A:-${B}}` is the shell's business (ScriptRequirementsTests).
        let lane = Lane(name: "l", steps: [Step(.sh("make"), options: StepOptions(name: "S", environment: ["X": "${A:-${B}}"]))])
        let requirements = LaneRequirements(lane, in: file(lanes: [lane]))
        #expect(requirements.names == ["A"])
        #expect(requirements.variables[0].alternatives == ["B"])
        #expect(requirements.missing(from: ["B": "set"]).isEmpty)
        #expect(requirements.missing(from: ["A": "set"]).isEmpty)
        let error = try #require(requirements.missingVariableDiagnostics(in: [:]).first)
        #expect(error.message == "none of the environment variables 'A', 'B' is set (needed by env X of step 'S' of lane 'l')")
    }

    @Test("a plain ${A} elsewhere needs A itself, whatever another usage falls back to; a lane env: setting B provides it")
    func alternativesNarrowed() {
        let both = Lane(name: "l", environment: ["X": "${A:-${B}} ${A}"], steps: [Step(.sh("make"))])
        let requirements = LaneRequirements(both, in: file(lanes: [both]))
        #expect(requirements.variables[0].alternatives == [])
        #expect(requirements.missing(from: ["B": "set"]).map(\.name) == ["A"])
        let provided = Lane(
            name: "l", environment: ["B": "x"], steps: [Step(.sh("make"), options: StepOptions(environment: ["X": "${A:-${B}}"]))])
        #expect(LaneRequirements(provided, in: file(lanes: [provided])).variables.isEmpty)
    }

    @Test("env: values and upload parameters are read, if: conditions are not; names env: sets are provided")
    func envConditionsAndUploads() {
        let step = Step(
            .upload(UploadTarget(destination: .http, parameters: ["headers": .map(["X": "${API_TOKEN}"])])),
            options: StepOptions(
                name: "U", environment: ["STEP_VAR": "${LANE_VAR}/${OUTER}"],
                condition: .and(.equals("${BRANCH}", "main"), .not(.truthy("${STEP_VAR}")))
            ))
        let lane = Lane(name: "l", environment: ["LANE_VAR": "${HOME}/x"], steps: [step, Step(.sh("echo ${LANE_VAR} ${STEP_VAR}"))])
        let requirements = LaneRequirements(lane, in: file(lanes: [lane]))
        #expect(requirements.names == ["API_TOKEN", "HOME", "OUTER", "STEP_VAR"])
        let places = Dictionary(uniqueKeysWithValues: requirements.variables.map { ($0.name, $0.usages.map(\.place)) })
        #expect(places["HOME"] == ["env LANE_VAR of lane 'l'"])
        #expect(places["OUTER"] == ["env STEP_VAR of step 'U' of lane 'l'"])
        #expect(places["API_TOKEN"] == ["headers: of step 'U' of lane 'l'"])
        #expect(places["STEP_VAR"] == ["step 'echo ${LANE_VAR} ${STEP_VAR}' of lane 'l'"])
    }

    @Test("lane: calls are followed with the callee's configuration, and cycles end")
    func calledLanesAndCycles() {
        let configuration = Configuration(
            name: "c", certificate: "${CERT_NAME}", provisioningProfile: "p", buildConfiguration: "Release",
            appIdentifier: "a", exportMethod: "ad-hoc", exportOptions: ["iCloudContainerEnvironment": .string("${ICLOUD_ENV}")]
        )
        let signing = Codesigning(path: "${SIGNING_DIR}")
        let caller = Lane(name: "caller", steps: [Step(.lane("callee")), Step(.sh("echo ${CALLER}"))])
        let callee = Lane(name: "callee", configuration: "c", steps: [Step(.archive), Step(.lane("caller")), Step(.sh("${CALLEE}"))])
        let lanes = file(lanes: [caller, callee], codesigning: signing, configurations: [configuration])
        let requirements = LaneRequirements(caller, in: lanes)
        #expect(requirements.names == ["CALLEE", "CALLER", "CERT_NAME", "ICLOUD_ENV", "SIGNING_DIR"])
        let places = requirements.variables.flatMap { $0.usages.map(\.place) }
        #expect(places.contains("configurations.c.certificate"))
        #expect(places.contains("configurations.c.export_options.iCloudContainerEnvironment"))
        #expect(places.contains("codesigning.path"))
    }

    @Test("nightshift's own NIGHTSHIFT_ variables are never needed from outside")
    func nightshiftVariables() {
        let lane = Lane(name: "l", steps: [Step(.sh("echo ${NIGHTSHIFT_CONFIGURATION} ${USER_VAR}"))])
        #expect(LaneRequirements(lane, in: file(lanes: [lane])).names == ["USER_VAR"])
    }

    @Test("missing variables become one error each, at their first use, with the others as notes")
    func missingDiagnostics() throws {
        let requirements = try #require(LaneRequirements(lane: "developer-release", in: BundledLanes.file))
        let environment: EnvironmentVariables = [
            "CODESIGNING_PATH": "/s", "CERTIFICATE_PASSWORD": "", "KEYCHAIN_NAME": "k", "KEYCHAIN_PASSWORD": "pw",
        ]
        let diagnostics = requirements.missingVariableDiagnostics(in: environment)
        #expect(
            diagnostics.map(\.description) == [
                "lanes.yml:31:38: error: environment variable 'FIREBASE_APP_ID' is not set (needed by app: of step 'upload to firebase' of lane 'developer-release')",
                "lanes.yml:31:17: error: environment variable 'GOOGLE_APPLICATION_CREDENTIALS' is not set (needed by service_account: of step 'upload to firebase' of lane 'developer-release')",
            ])
    }

    @Test("a variable a called lane needs names the lane being run as well")
    func missingInCalledLane() {
        let nightly = Lane(name: "nightly", steps: [Step(.sh("echo ${TARGET}"))])
        let all = Lane(name: "all", steps: [Step(.lane("nightly"))])
        let diagnostics = LaneRequirements(all, in: file(lanes: [nightly, all])).missingVariableDiagnostics(in: [:])
        #expect(
            diagnostics.map(\.message) == [
                "environment variable 'TARGET' is not set (needed by step 'echo ${TARGET}' of lane 'nightly') to run lane 'all'"
            ])
    }

    @Test("signing from App Store Connect needs the API key's id and key (an individual key has no issuer), named before any step")
    func signingFromAppStoreConnect() {
        let codesigning = Codesigning(path: Template("${CODESIGNING_PATH}"), from: .appStoreConnect)
        let beta = Lane(name: "beta", steps: [Step(.signingSync), Step(.package)])
        let lint = Lane(name: "lint", steps: [Step(.sh("swiftlint"))])
        let lanes = file(lanes: [beta, lint], codesigning: codesigning)
        let requirements = LaneRequirements(beta, in: lanes)
        #expect(requirements.names == ["APP_STORE_CONNECT_API_KEY_KEY", "APP_STORE_CONNECT_API_KEY_KEY_ID", "CODESIGNING_PATH"])
        let key = requirements.variables.first { $0.name == "APP_STORE_CONNECT_API_KEY_KEY" }
        #expect(key?.alternatives == ["APP_STORE_CONNECT_API_KEY_KEY_FILEPATH"])
        #expect(key?.needsValue == true)
        #expect(key?.usages.map(\.place) == ["codesigning.from: appstoreconnect (its API key)"])
        #expect(
            LaneRequirements(beta, in: lanes).missing(from: [
                "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": "/k.p8", "APP_STORE_CONNECT_API_KEY_KEY_ID": "ID", "CODESIGNING_PATH": "/s",
            ]).isEmpty)
        #expect(LaneRequirements(lint, in: lanes).names.isEmpty)
    }
}
