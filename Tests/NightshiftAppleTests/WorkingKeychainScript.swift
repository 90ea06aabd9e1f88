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

extension ScriptedShellRunner {
    /// Scripts `xcodebuild -showBuildSettings -json` as Xcode prints it for a scheme whose signed
    /// bundles are `bundles` (target, bundle id, platform), beside a Swift package target that
    /// signs nothing. Rules scripted before win.
    func scriptBuildSettings(
        _ bundles: [(target: String, identifier: String, platform: String)] = [("Example", "com.example.app", "iphoneos")]
    ) {
        var entries = bundles.enumerated().map { index, bundle in
            let type = index == 0 ? "com.apple.product-type.application" : "com.apple.product-type.app-extension"
            return """
                {"action":"build","target":"\(bundle.target)","buildSettings":{"PRODUCT_TYPE":"\(type)","PRODUCT_BUNDLE_IDENTIFIER":"\(bundle.identifier)","PLATFORM_NAME":"\(bundle.platform)","SRCROOT":"/src"}}
                """
        }
        entries.append(
            #"{"action":"build","target":"ExampleKit","buildSettings":{"PRODUCT_TYPE":"com.apple.product-type.objfile","PLATFORM_NAME":"iphoneos"}}"#
        )
        on(["xcodebuild", "-showBuildSettings"], .output([(.standardOutput, "[" + entries.joined(separator: ",") + "]\n")], .exited(0)))
    }
}
