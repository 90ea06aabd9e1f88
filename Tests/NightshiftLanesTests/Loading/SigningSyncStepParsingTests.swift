import Foundation
import NightshiftCore
import NightshiftLanes
import Testing

@Suite("signing: sync as a lane step")
struct SigningSyncStepParsingTests {
    static let header = """
        codesigning:
          from: appstoreconnect
          private_keys: { distribution: "${DIST_KEY}" }
        project: { name: Demo, scheme: Demo }
        configurations:
          production: { app_identifier: com.example.app, certificate: distribution, provisioning_profile: Demo AppStore, export_method: app-store, build_configuration: Release }

        """

    private func errors(_ lanes: String) -> [String] {
        do {
            _ = try LanesFileLoader().parse(data: Data((Self.header + lanes).utf8), path: "lanes.yml")
            return []
        } catch {
            return error.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        }
    }

    @Test("signing: sync reads as the step; it signs and needs the project, and is done again on a resumed run")
    func reads() throws {
        let file = try LanesFileLoader().parse(
            data: Data(
                (Self.header + "lanes:\n  beta:\n    configuration: production\n    steps: [ { signing: sync }, import_certificate ]\n")
                    .utf8),
            path: "lanes.yml")
        let step = try #require(file.lanes.first?.steps.first)
        #expect(step.kind == .signingSync)
        #expect(step.kind.keyword.rawValue == "signing")
        #expect(step.kind.needsSigning && step.kind.needsProject && step.kind.setsUpResource && step.kind.products.isEmpty)
    }

    @Test("another value of signing: is a located error")
    func otherValue() {
        let found = errors("lanes:\n  beta:\n    configuration: production\n    steps:\n      - signing: apply\n")
        #expect(found.first == "11:18 'signing' as a step takes 'sync', not 'apply'")
    }

    @Test("importing a certificate from App Store Connect with no signing: sync before it is a located error")
    func importWithoutSync() {
        let found = errors(
            "lanes:\n  beta:\n    configuration: production\n    steps:\n      - import_certificate\n      - signing: sync\n")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix("11:9 'import_certificate' in lane 'beta' reads the signing files that 'signing: sync' makes") == true)
        #expect(errors("lanes:\n  beta:\n    configuration: production\n    steps: [ { signing: sync }, package ]\n").isEmpty)
        // A lane called after the caller's sync is fine.
        #expect(
            errors(
                "lanes:\n  beta:\n    configuration: production\n    steps: [ { signing: sync }, { lane: build } ]\n  build:\n    steps: [ package ]\n"
            ).isEmpty)
    }
}
