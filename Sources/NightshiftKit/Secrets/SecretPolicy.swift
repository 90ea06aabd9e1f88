/// Decides which environment variables hold secrets: those listed under `secrets:`, and any whose
/// name has PASSWORD, TOKEN, SECRET or KEY as an underscore-separated part (`API_TOKEN`, `AUTH_KEY`,
/// but not `KEYCHAIN_NAME`).
public struct SecretPolicy: Sendable, Hashable {
    public static let sensitiveWords: Set<String> = ["PASSWORD", "TOKEN", "SECRET", "KEY"]
    public var declared: Set<String>

    public init(declared: some Sequence<String> = []) {
        self.declared = Set(declared)
    }

    public func isSecret(_ name: String) -> Bool {
        if declared.contains(name) { return true }
        return name.uppercased().split(separator: "_").contains { SecretPolicy.sensitiveWords.contains(String($0)) }
    }

    /// The values to hide, taken from `environment`. Values too short to be meaningful are kept
    /// out: masking every `1` in a log would destroy it and protect nothing.
    public func secretValues(in environment: EnvironmentVariables) -> [String] {
        environment.values
            .filter { isSecret($0.key) && $0.value.utf8.count >= SecretPolicy.minimumLength }
            .map(\.value)
            .sorted()
    }

    public static let minimumLength = 3
}
