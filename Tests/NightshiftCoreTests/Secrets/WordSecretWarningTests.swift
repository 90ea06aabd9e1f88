@testable import NightshiftCore
import NightshiftSystem
import Testing

/// Issue #26 ("a secret that is a common word garbles messages"): masking never leaks, so a
/// word-like secret stays masked everywhere, and the run is told so when it starts.
@Suite("word-like secrets")
struct WordSecretWarningTests {
    @Test("a secret of letters only, under 12, is named in a warning; one with a digit, a symbol or 12 letters is not")
    func wordLike() {
        let file = LanesFile(path: "lanes.yml", project: Project(name: "Example"))
        let environment: EnvironmentVariables = [
            "DEPLOY_TOKEN": "wrong", "API_KEY": "dragonfly", "DB_PASSWORD": "Passw0rd!", "SESSION_COOKIE": "correct-horse",
            "LONG_SECRET": "abcdefghijkl",
        ]
        let warnings = file.maskingWarnings(in: environment).map(\.description)
        #expect(
            warnings == [
                "warning: secret API_KEY is a single word: it is masked wherever those letters appear, inside other words and in nightshift's own messages too",
                "warning: secret DEPLOY_TOKEN is shorter than 6 bytes: its base64, URL, JSON and XML forms are not masked; it is a single word: it is masked wherever those letters appear, inside other words and in nightshift's own messages too",
            ])
        // Still masked, inside a longer word too: the warning is the trade, never a leak.
        #expect(file.masker(in: environment).mask("the password was wrong (wrongly)") == "the password was ******** (********ly)")
    }
}
