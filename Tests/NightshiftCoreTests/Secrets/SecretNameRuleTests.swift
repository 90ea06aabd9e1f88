@testable import NightshiftCore
import Testing

/// Issue #26: the name rule gains `PASSWD` and a trailing `PASS`, covers option names
/// case-insensitively, and leaves App Store Connect's key and issuer ids plain.
@Suite("the secret name rule")
struct SecretNameRuleTests {
    @Test(
        "PASSWD anywhere and PASS as the last part; not a leading PASS, nor PASS inside a word",
        arguments: [
            ("DB_PASS", true), ("FTP_PASS", true), ("smtp_pass", true), ("MYSQL_PASSWD", true), ("PASSWD_FILE", true),
            ("PASS_THROUGH", false), ("PASS_COUNT", false), ("COMPASS_DIR", false), ("BYPASS", false), ("PASSENGER", false),
            ("deploy_password", true), ("api_token", true),
        ])
    func passParts(_ name: String, _ isSecret: Bool) {
        #expect(SecretPolicy().isSecret(name) == isSecret)
        #expect(SecretPolicy.isSensitiveName(name) == isSecret)
    }

    @Test("App Store Connect's key id and issuer id identify the key and are plain; the key and other KEY names stay secret")
    func identifiersArePlain() {
        let policy = SecretPolicy()
        #expect(!policy.isSecret("APP_STORE_CONNECT_API_KEY_KEY_ID"))
        #expect(!policy.isSecret("APP_STORE_CONNECT_API_KEY_ISSUER_ID"))
        #expect(!policy.isSecret("APP_STORE_CONNECT_API_KEY_KEY_FILEPATH"))
        #expect(policy.isSecret("APP_STORE_CONNECT_API_KEY_KEY"))
        #expect(policy.isSecret("SIGNING_KEY_ID_SECRET"))
        #expect(SecretPolicy(declared: ["APP_STORE_CONNECT_API_KEY_ISSUER_ID"]).isSecret("APP_STORE_CONNECT_API_KEY_ISSUER_ID"))
    }
}
