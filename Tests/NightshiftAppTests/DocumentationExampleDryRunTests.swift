import Foundation
import NightshiftApp
import NightshiftApple
import NightshiftCore
import NightshiftFakeTransport
import NightshiftLanes
import NightshiftServices
import NightshiftTestSupport
import Testing

/// Every lane of every lanes file the documentation shows dry-runs as `nightshift run LANE
/// --dry-run` would, given what a reader's machine supplies: each variable the lane reads (named
/// by the same requirements `validate LANE` reports), a value for each option without a default,
/// and the Xcodes the file pins. What a reader copies then runs, not merely loads.
@Suite("The documentation's lanes dry-run", .temporaryDirectory)
struct DocumentationExampleDryRunTests {
    struct ExampleLane: Sendable, CustomTestStringConvertible {
        var example: DocumentationExamples.Example
        var lane: String
        var testDescription: String { "\(lane) of \(example)" }
    }

    static let lanes: [ExampleLane] = DocumentationExamples.all.flatMap { example in
        let names = (try? LanesFileLoader().parse(text: example.text, path: example.description))?.lanes.map(\.name) ?? []
        return names.map { ExampleLane(example: example, lane: $0) }
    }

    @Test("The documentation shows lanes to dry-run")
    func thereAreLanes() {
        #expect(Self.lanes.count >= 10, "found \(Self.lanes.map(\.testDescription))")
    }

    @Test("Each lane dry-runs with exit 0 and runs nothing", arguments: Self.lanes)
    func dryRuns(_ subject: ExampleLane) async throws {
        let app = try AppHarness(lanes: subject.example.text)
        let file = try LanesFileLoader().parse(text: subject.example.text, path: "lanes.yml")
        let lane = try #require(file.lane(named: subject.lane))
        var variables: [String: String] = [:]
        for variable in LaneRequirements(lane, in: file).variables {
            variables[variable.name] = "example-\(variable.name.lowercased())"
        }
        let xcodes = app.directory + "/Xcodes"
        try FileManager.default.createDirectory(atPath: xcodes, withIntermediateDirectories: true)
        for requirement in Self.xcodePins(of: file) { try Self.install(requirement, in: xcodes) }
        variables["NIGHTSHIFT_XCODE_SEARCH_PATH"] = xcodes
        let options = lane.options.filter { $0.defaultValue == nil }.map { "\($0.name)=\(Self.value(for: $0))" }
        // `from: appstoreconnect`: a dry run reads the portal (GET only), here a fake one.
        var portal: FakeSigningPortal?
        if let codesigning = file.codesigning, codesigning.from == .appStoreConnect {
            let fake = try await FakeSigningPortal(clock: app.clock, listening: false)
            portal = fake
            variables.merge([
                AppStoreConnectSigning.endpointVariable: fake.endpoint, "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeSigningPortal.keyID,
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeSigningPortal.issuerID, "APP_STORE_CONNECT_API_KEY_KEY": fake.pem,
            ]) { $1 }
            let key = try await FakeSigningPortal.rsaKey()
            for name in codesigning.privateKeys.values.flatMap(\.references).map(\.name) { variables[name] = key }
        }
        let transport: any HTTPTransport = portal.map { InProcessHTTPServer(handler: $0.answer) } ?? ScriptedTransport()

        let status = await RunLanes(global: LanesFileOptions(), lanes: [subject.lane] + options, dryRun: true)
            .execute(in: app.environment(variables, transport: transport))

        #expect(status == 0, "\(subject.testDescription):\n\(app.shown)")
        #expect(app.standardOutput.contains("dry run of lane \(subject.lane) passed"), "\(app.shown)")
        // Only what a dry run runs for real: reading the project's build settings, which changes nothing.
        let ran = await app.shell.argvs.filter { $0.prefix(2) != ["xcodebuild", "-showBuildSettings"] }
        #expect(ran.isEmpty, "a dry run ran \(ran)")
        #expect(portal?.changes.isEmpty ?? true, "a dry run changed App Store Connect: \(portal?.changes ?? [])")
    }

    /// The versions `xcode:` names at the top, in a configuration or in a lane.
    static func xcodePins(of file: LanesFile) -> [XcodeRequirement] {
        [file.xcode].compactMap { $0 } + file.configurations.compactMap(\.xcode) + file.lanes.compactMap(\.xcode)
    }

    /// An Xcode a version pin (or `latest`) chooses, installed as `DiskXcodeInstalls` finds one.
    static func install(_ requirement: XcodeRequirement, in folder: String) throws {
        switch requirement.choice {
        case .version(let version):
            let number = version.components.map(String.init).joined(separator: ".")
            switch version.beta {
            case .number(let beta):
                try FakeXcodeApp(in: folder, name: "Xcode-\(number)-beta\(beta).app", version: number, build: "99A500\(beta)b", beta: true)
            case .any:
                try FakeXcodeApp(in: folder, name: "Xcode-\(number)-beta.app", version: number, build: "99A5001b", beta: true)
            case nil:
                try FakeXcodeApp(in: folder, name: "Xcode-\(number).app", version: number, build: "99A\(version.components.count)")
            }
        case .latest:
            try FakeXcodeApp(in: folder, name: "Xcode-26.2.app", version: "26.2", build: "17C52")
        case .path:
            break  // A path names the reader's own install: the dry run says so if it is not there.
        }
    }

    /// A value a reader could give `option`: its first choice, a number, `true`, or a string its
    /// pattern accepts.
    static func value(for option: LaneOption) -> String {
        switch option.kind {
        case .int: return "7"
        case .bool: return "true"
        case .choice(let choices): return choices.first ?? "example"
        case .string:
            guard let pattern = option.pattern, let expression = try? NSRegularExpression(pattern: pattern) else { return "example" }
            let candidates = ["1.2.3", "1.2", "7", "v1.2.3", "example", "main", "release/1.2.3"]
            return candidates.first { candidate in
                expression.firstMatch(in: candidate, range: NSRange(candidate.startIndex..., in: candidate)) != nil
            } ?? "example"
        }
    }
}
