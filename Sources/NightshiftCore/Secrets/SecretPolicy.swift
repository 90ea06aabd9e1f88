public import NightshiftSystem
/// Decides which environment variables hold secrets: those listed under `secrets:`, those that
/// settings known to be secret (the codesigning passwords) read, and any whose name has one of
/// `sensitiveWords` as an underscore-separated part (`API_TOKEN`, `AUTH_KEY`, fastlane's
/// `FASTLANE_SESSION`, `MATCH_GIT_BASIC_AUTHORIZATION` and `MATCH_PASSPHRASE`, but not
/// `KEYCHAIN_NAME`). The same rule, case-insensitively, makes a lane option secret by its name
/// (`deploy_password`): `isSensitiveName(_:)`.
public struct SecretPolicy: Sendable, Hashable {
    public static let sensitiveWords: Set<String> = [
        "PASSWORD", "PASSWD", "TOKEN", "SECRET", "KEY", "PASSPHRASE", "SESSION", "AUTHORIZATION", "CREDENTIALS", "COOKIE",
    ]
    /// Words that make a name secret only as its last part: `DB_PASS`, `FTP_PASS`, `SMTP_PASS`
    /// hold passwords, but a leading `PASS` is a verb or a count (`PASS_THROUGH`, `PASS_COUNT`),
    /// whose values (`true`, `3`) would be masked all over a log. `COMPASS_DIR` and `BYPASS` are
    /// safe anyway: parts are whole `_`-separated words.
    public static let sensitiveLastWords: Set<String> = ["PASS"]
    public var declared: Set<String>
    /// Settings that are secrets whatever their variables are called: a password must not depend
    /// on being read from `${…PASSWORD}` to stay hidden. Their values are masked even when
    /// written literally or put together from several variables.
    public var secretSettings: [Template]

    public init(declared: some Sequence<String> = [], secretSettings: [Template] = []) {
        self.declared = Set(declared).union(secretSettings.flatMap { $0.references.map(\.name) })
        self.secretSettings = secretSettings
    }

    /// Names the word rule would take for secrets but that hold the path of a file by a tool's
    /// convention: Google's service-account file path (`CREDENTIALS`). The Firebase uploader masks
    /// the file's content; its path is a plain setting (`secrets:` can still declare it).
    /// fastlane's `…_KEY_FILEPATH` likewise holds the .p8's path; the uploader masks the key it reads.
    public static let pathVariables: Set<String> = ["GOOGLE_APPLICATION_CREDENTIALS", "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH"]

    /// Names the word rule would take (`KEY` is a part of `…_KEY_KEY_ID`) but that hold an
    /// identifier, not a credential: an App Store Connect key id and issuer id name the key and
    /// the team, appear in every request's JWT header in clear, and grant nothing without the .p8.
    /// Masking them hid which key a failing upload used. The key itself (`…_KEY`) stays secret.
    public static let identifierVariables: Set<String> = [
        "APP_STORE_CONNECT_API_KEY_KEY_ID", "APP_STORE_CONNECT_API_KEY_ISSUER_ID",
    ]

    public func isSecret(_ name: String) -> Bool {
        if declared.contains(name) { return true }
        if SecretPolicy.pathVariables.contains(name) || SecretPolicy.identifierVariables.contains(name) { return false }
        return Self.isSensitiveName(name)
    }

    /// The word rule alone, case-insensitively: whether `name` has a sensitive word as an
    /// `_`-separated part (`PASS` only as the last one).
    public static func isSensitiveName(_ name: String) -> Bool {
        sensitiveWord(in: name) != nil
    }

    /// The word that makes `name` secret, for a message; nil when none does.
    public static func sensitiveWord(in name: String) -> String? {
        let parts = name.uppercased().split(separator: "_").map(String.init)
        if let last = parts.last, sensitiveLastWords.contains(last) { return last }
        return parts.first { sensitiveWords.contains($0) }
    }

    /// The values to hide, taken from `environment`. Values too short to be meaningful, or
    /// blank, are kept out: masking every `1` or every run of spaces in a log would destroy it
    /// and protect nothing (`MaskingLimit` warns about them).
    public func secretValues(in environment: EnvironmentVariables) -> [String] {
        Set(namedSecretValues(in: environment).map(\.value)).filter(MaskingLimit.isMaskable).sorted()
    }

    /// Every secret value in `environment` with the name to give it in a warning: the variable's,
    /// or "a codesigning password" for a setting that is not just one secret variable.
    func namedSecretValues(in environment: EnvironmentVariables) -> [NamedSecret] {
        let variables = environment.values.filter { isSecret($0.key) }.map { NamedSecret(name: $0.key, value: $0.value) }
        let known = Set(variables.map(\.value))
        let settings = secretSettings.map { $0.expand(in: environment) }.filter { !known.contains($0) }
        return variables.sorted { $0.name < $1.name } + settings.map { NamedSecret(name: "a codesigning password", value: $0) }
    }

    public static let minimumLength = 3
}

/// A secret value and the name a warning may print instead of it.
struct NamedSecret: Hashable {
    var name: String
    var value: String
}
