import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// The user's search list and default keychain, as this run changes them. Every function here is
/// called with the `SearchListLock` held: each reads the *current* state and writes it back with
/// only this run's keychain added or removed, so keychains other runs put there stay. Nothing is
/// restored from a snapshot taken earlier: by cleanup time, other runs may have changed the list.
extension SecurityKeychainImporter {
    /// Puts `keychain` first, ahead of the login keychain and any other run's.
    func addToSearchList(_ keychain: String, output: @escaping CommandOutput) async throws {
        let current = try await searchList()
        try await run(["list-keychains", "-d", "user", "-s", keychain] + current.filter { $0 != keychain }, output: output)
    }

    /// Writes the list back even when `keychain` is no longer on it, so a dry run shows the command.
    func removeFromSearchList(_ keychain: String) async throws {
        let current = try await searchList()
        try await run(["list-keychains", "-d", "user", "-s"] + current.filter { $0 != keychain })
    }

    func searchList() async throws -> [String] {
        SecurityCommandLine.keychainPaths(in: try await run(["list-keychains", "-d", "user"]).standardOutput)
    }

    /// nil when the machine has no default keychain (security answers with an error).
    func currentDefaultKeychain() async throws -> String? {
        let result = try await shell.capture(ShellCommand(security, ["default-keychain", "-d", "user"]))
        return result.succeeded ? SecurityCommandLine.keychainPaths(in: result.standardOutput).first : nil
    }

    /// Hands the default back only while `keychain` still is the default: a run that made its own
    /// the default since then owns it now. The keychain this run replaced may be gone (another
    /// run's, cleaned up first); then the login keychain, else the list's first, takes over, so
    /// the user is never left without a default.
    func giveBackDefault(from keychain: String, replaced: String) async throws {
        guard try await currentDefaultKeychain() == keychain else { return }
        let list = try await searchList()
        let successor = list.contains(replaced) ? replaced : list.first(where: ProtectedKeychain.contains) ?? list.first
        guard let successor else { return }
        try await run(["default-keychain", "-d", "user", "-s", successor])
    }

    /// Cleanup, under the lock: off the search list, the default handed back, then deleted.
    /// Every undo is attempted even when one fails: a half-restored machine is worse.
    func restore(keychain: String, replacedDefault: String?) async throws {
        try await searchListLock.withLock {
            var failures: [String] = []
            do { try await removeFromSearchList(keychain) } catch { failures.append(String(describing: error)) }
            if let replacedDefault {
                do { try await giveBackDefault(from: keychain, replaced: replacedDefault) } catch {
                    failures.append(String(describing: error))
                }
            }
            do { try await run(["delete-keychain", keychain]) } catch { failures.append(String(describing: error)) }
            if !failures.isEmpty { throw StepFailure("keychain cleanup incomplete: " + failures.joined(separator: "; ")) }
        }
    }
}
