public import NightshiftSystem
/// Decides which environment variables hold secrets: those listed under `secrets:`, those that
/// settings known to be secret (the codesigning passwords) read, and any whose name has one of
/// `sensitiveWords` as an underscore-separated part (`API_TOKEN`, `AUTH_KEY`, fastlane's
/// `FASTLANE_SESSION`, `MATCH_GIT_BASIC_AUTHORIZATION` and `MATCH_PASSPHRASE`, but not
/// `KEYCHAIN_NAME`).
public struct SecretPolicy: Sendable, Hashable {
    public static let sensitiveWords: Set<String> = [
        "PASSWORD", "TOKEN", "SECRET", "KEY", "PASSPHRASE", "SESSION", "AUTHORIZATION", "CREDENTIALS", "COOKIE",
    ]
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
    public static let pathVariables: Set<String> = ["GOOGLE_APPLICATION_CREDENTIALS"]

    public func isSecret(_ name: String) -> Bool {
        if declared.contains(name) { return true }
        if SecretPolicy.pathVariables.contains(name) { return false }
        return name.uppercased().split(separator: "_").contains { SecretPolicy.sensitiveWords.contains(String($0)) }
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
