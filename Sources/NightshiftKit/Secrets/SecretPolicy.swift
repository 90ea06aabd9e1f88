public import NightshiftSystem
/// Decides which environment variables hold secrets: those listed under `secrets:`, those that
/// settings known to be secret (the codesigning passwords) read, and any whose name has
/// PASSWORD, TOKEN, SECRET or KEY as an underscore-separated part (`API_TOKEN`, `AUTH_KEY`, but
/// not `KEYCHAIN_NAME`).
public struct SecretPolicy: Sendable, Hashable {
    public static let sensitiveWords: Set<String> = ["PASSWORD", "TOKEN", "SECRET", "KEY"]
    public var declared: Set<String>
    /// Settings that are secrets whatever their variables are called: a password must not depend
    /// on being read from `${…PASSWORD}` to stay hidden. Their values are masked even when
    /// written literally or put together from several variables.
    public var secretSettings: [Template]

    public init(declared: some Sequence<String> = [], secretSettings: [Template] = []) {
        self.declared = Set(declared).union(secretSettings.flatMap { $0.references.map(\.name) })
        self.secretSettings = secretSettings
    }

    public func isSecret(_ name: String) -> Bool {
        if declared.contains(name) { return true }
        return name.uppercased().split(separator: "_").contains { SecretPolicy.sensitiveWords.contains(String($0)) }
    }

    /// The values to hide, taken from `environment`. Values too short to be meaningful are kept
    /// out: masking every `1` in a log would destroy it and protect nothing.
    public func secretValues(in environment: EnvironmentVariables) -> [String] {
        let variables = environment.values.filter { isSecret($0.key) }.map(\.value)
        let settings = secretSettings.map { $0.expand(in: environment) }
        return Set(variables + settings).filter { $0.utf8.count >= SecretPolicy.minimumLength }.sorted()
    }

    public static let minimumLength = 3
}
