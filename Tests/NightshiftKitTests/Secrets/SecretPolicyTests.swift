import NightshiftKit
import Testing
import NightshiftSystem

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
}
