import NightshiftCore
/// The keychains that belong to the user or the system. nightshift deletes its temporary
/// keychain before a run (the leftover of a crashed one) and again at cleanup, so a
/// `codesigning.keychain.name` naming one of these would delete the user's login keychain or the
/// System keychain. Such a name is refused before anything runs.
enum ProtectedKeychain {
    /// File names without `.keychain` / `.keychain-db`, lower-cased: macOS volumes usually ignore
    /// case, so `Login.keychain` is the login keychain too.
    static let baseNames: Set<String> = ["login", "system"]

    /// Whether `path` (a bare name or a path, with or without its extension) names one of them.
    static func contains(_ path: String) -> Bool {
        var name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        for suffix in [".keychain-db", ".keychain"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return baseNames.contains(name)
    }
}
