@testable import NightshiftCore
@testable import NightshiftLanes
import NightshiftSystem
import Testing

/// Which `.env` files load, in fastlane's order, and how they combine under the real environment.
@Suite(".env files together")
struct DotEnvStackTests {
    @Test("README table: .env.default and .env when present, then each --env name, beside the lanes file")
    func sources() {
        let sources = DotEnvStack.sources(besideLanesFile: "ci/lanes.yml", environmentNames: "staging, beta")
        #expect(sources.map(\.path) == ["ci/.env.default", "ci/.env", "ci/.env.staging", "ci/.env.beta"])
        #expect(sources.map(\.isRequired) == [false, false, true, true])
        #expect(DotEnvStack.sources(besideLanesFile: "lanes.yml", environmentNames: nil).map(\.path) == [".env.default", ".env"])
    }

    @Test("README table: later files override earlier ones, the real environment overrides all, with a note naming the line")
    func layering() throws {
        let loaded = try DotEnvStack.load(
            [
                (".env.default", "A=default\nB=default\nC=default\nD=default\n"),
                (".env", "B=dotenv\nC=dotenv\nKEYCHAIN_NAME=file-keychain\n"),
                (".env.a", "C=a\nD=a\nFROM_EARLIER=$B-$C\n"),
                (".env.staging", "# staging\n\nKEYCHAIN_NAME=staging-keychain\n"),
            ], under: ["KEYCHAIN_NAME": "jenkins-keychain", "D": "env"])
        #expect(
            loaded.environment.values == [
                "A": "default", "B": "dotenv", "C": "a", "D": "env", "FROM_EARLIER": "dotenv-a",
                "KEYCHAIN_NAME": "jenkins-keychain",
            ])
        #expect(
            loaded.notes.map(\.description) == [
                "note: D from the environment overrides .env.a:2",
                "note: KEYCHAIN_NAME from the environment overrides .env.staging:3",
            ])
        let printed = loaded.notes.map(\.description).joined()
        #expect(!printed.contains("jenkins-keychain") && !printed.contains("staging-keychain"), "never a value")
    }

    @Test("a broken file stops loading with its location")
    func brokenFile() {
        #expect(throws: DotEnvError("expected NAME=value", at: SourceLocation(file: ".env.b", line: 2, column: 1))) {
            try DotEnvStack.load([(".env.a", "A=1\n"), (".env.b", "B=2\noops\n")], under: [:])
        }
    }
}
