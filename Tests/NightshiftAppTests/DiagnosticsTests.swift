import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import Testing

@Suite("Diagnostics on the console")
struct DiagnosticsTests {
    struct Setting: Sendable, CustomTestStringConvertible {
        var variables: [String: String] = [:]
        var noColor = false
        var coloured: Bool
        var testDescription: String { "\(variables) --no-color: \(noColor) → coloured: \(coloured)" }
    }

    @Test(
        "on a terminal errors are coloured; NO_COLOR, --no-color and Jenkins print them plain",
        arguments: [
            Setting(coloured: true), Setting(variables: ["NO_COLOR": "1"], coloured: false), Setting(noColor: true, coloured: false),
            Setting(variables: ["JENKINS_URL": "https://ci"], coloured: false),
        ])
    func colour(setting: Setting) async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        var environment = app.environment(setting.variables)
        environment.standardErrorIsTerminal = true
        let status = await RunLanes(global: LanesFileOptions(noColor: setting.noColor), lanes: ["lnt"]).execute(in: environment)
        #expect(status == 2)
        #expect(app.standardError.contains("\u{1B}[1;31merror:\u{1B}[0m no lane named 'lnt'") == setting.coloured)
        #expect(app.standardError.hasPrefix("error: no lane named 'lnt'") == !setting.coloured)
    }
}
