@testable import NightshiftCore
import NightshiftSystem
import Testing

@Suite("Secrets too short or blank to mask")
struct MaskingLimitTests {
    static let lanesFile = LanesFile(
        path: "lanes.yml", project: Project(name: "Example"),
        lanes: [Lane(name: "ci", environment: ["LANE_TOKEN": "ab", "PLAIN": "x"])])

    @Test("each secret under a limit is named in one warning, never shown; blank ones are not masked")
    func warnings() {
        let environment: EnvironmentVariables = [
            "PIN_PASSWORD": "12", "SHORT_TOKEN": "abcd", "BLANK_SECRET": "   ", "EMPTY_KEY": "", "PADDED_KEY": "  xy  ",
            "GOOD_TOKEN": "long-enough", "PLAIN_NUMBER": "1",
        ]
        let warnings = Self.lanesFile.maskingWarnings(in: environment).map(\.description)
        #expect(
            warnings == [
                "warning: secret BLANK_SECRET is blank: it is ignored, not masked",
                "warning: secret PADDED_KEY is shorter than 3 bytes: it is never masked",
                "warning: secret PIN_PASSWORD is shorter than 3 bytes: it is never masked",
                "warning: secret SHORT_TOKEN is shorter than 6 bytes: its base64, URL, JSON and XML forms are not masked; it is a single word: it is masked wherever those letters appear, inside other words and in nightshift's own messages too",
                "warning: secret LANE_TOKEN is shorter than 3 bytes: it is never masked",
            ])
        let printed = warnings.joined()
        #expect(!printed.contains("abcd") && !printed.contains("long-enough"))
        #expect(Self.lanesFile.secretValues(in: environment) == ["  xy  ", "abcd", "long-enough"])
    }
}
