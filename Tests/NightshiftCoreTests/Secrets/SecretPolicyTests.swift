@testable import NightshiftCore
import NightshiftSystem
import Testing

@Suite("SecretPolicy")
struct SecretPolicyTests {
    func lanesFile(certificatePassword: Template, keychainPassword: Template) -> LanesFile {
        LanesFile(
            path: "lanes.yml", project: Project(name: "Example"),
            codesigning: Codesigning(
                path: "${CODESIGNING_PATH}", certificatePassword: certificatePassword,
                keychain: KeychainSettings(name: "ci", password: keychainPassword)))
    }

    @Test("the codesigning passwords are secrets whatever their variables are called")
    func codesigningPasswordsFromPlainNames() {
        let policy = lanesFile(certificatePassword: "${P12_PASS}", keychainPassword: "${KC}").secretPolicy
        #expect(policy.isSecret("P12_PASS") && policy.isSecret("KC"))
        #expect(!policy.isSecret("CODESIGNING_PATH"))
        let environment: EnvironmentVariables = ["P12_PASS": "p12-value", "KC": "kc-value", "CODESIGNING_PATH": "/signing"]
        #expect(policy.secretValues(in: environment) == ["kc-value", "p12-value"])
    }

    @Test("passwords written literally or put together from several variables are masked as used")
    func literalAndCompositePasswords() {
        let policy = lanesFile(certificatePassword: "literal-pw", keychainPassword: "${A}-${B}").secretPolicy
        let values = policy.secretValues(in: ["A": "left", "B": "right"])
        #expect(values == ["left", "left-right", "literal-pw", "right"])
    }

    @Test(
        "names with a sensitive word as an _-separated part are secrets, fastlane's included",
        arguments: [
            ("FASTLANE_SESSION", true), ("MATCH_GIT_BASIC_AUTHORIZATION", true), ("MATCH_PASSPHRASE", true),
            ("GOOGLE_CREDENTIALS", true), ("SESSION_COOKIE", true), ("match_password", true), ("API_TOKEN", true),
            ("KEYCHAIN_NAME", false), ("SESSIONS_DIR", false), ("COOKIES", false), ("FASTLANE_USER", false),
            ("GOOGLE_APPLICATION_CREDENTIALS", false),
        ])
    func sensitiveNames(_ name: String, _ isSecret: Bool) {
        #expect(SecretPolicy().isSecret(name) == isSecret)
    }

    @Test("blank values are not secrets to mask")
    func blankValues() {
        #expect(SecretPolicy().secretValues(in: ["MATCH_PASSWORD": "   ", "API_TOKEN": "\t\n ", "KEY": "k3y"]) == ["k3y"])
    }
}
