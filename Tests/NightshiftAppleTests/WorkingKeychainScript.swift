import NightshiftSystem
import NightshiftTestSupport

extension ScriptedShellRunner {
    /// Scripts `security` as on a Mac where the run's keychain can be made and imported into: no
    /// keychain left from an earlier run (the first delete finds none), creating, unlocking and
    /// importing work, and the keychain then holds one identity. Rules scripted before win.
    func scriptWorkingKeychain() {
        on(
            ["security", "delete-keychain"],
            .output([(.standardError, "security: SecKeychainDelete: The specified keychain could not be found.\n")], .exited(50)), .succeeds
        )
        on(["security", "-i"], .succeeds)
        on(["security", "set-keychain-settings"], .succeeds)
        on(
            ["security", "find-identity"],
            .output(
                [
                    (
                        .standardOutput,
                        """
                          1) 0123456789ABCDEF0123456789ABCDEF01234567 "Apple Distribution: Example Corp (ABCDE12345)"
                             1 valid identities found

                        """
                    )
                ], .exited(0)))
    }
}
