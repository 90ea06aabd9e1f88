import NightshiftSystem

extension ScriptedShellRunner {
    /// Scripts `xcodebuild -showBuildSettings -json` as Xcode prints it for a scheme whose signed
    /// bundles are `bundles` (target, bundle id, platform), beside a Swift package target that
    /// signs nothing. Rules scripted before win.
    public func scriptBuildSettings(
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
