import Foundation
@testable import NightshiftApple
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The bundle ids a scheme signs, from `xcodebuild -showBuildSettings -json` as Xcode prints it:
/// a list of `{action, target, buildSettings}`, one per target the scheme builds.
@Suite("Signed bundle ids from xcodebuild -showBuildSettings -json")
struct SignedBundlesTests {
    static func entry(_ target: String, _ identifier: String, _ type: String, platform: String = "iphoneos") -> String {
        """
        {"action": "build", "target": "\(target)", "buildSettings": {"PRODUCT_BUNDLE_IDENTIFIER": "\(identifier)",
          "PRODUCT_TYPE": "com.apple.product-type.\(type)", "PLATFORM_NAME": "\(platform)", "SDKROOT": "\(platform)"}}
        """
    }

    static let watchApp =
        "["
        + [
            entry("BrewerKit", "com.example.BrewerKit", "framework"),
            entry("Brewer Watch App", "com.example.brewer.watchkitapp", "application", platform: "watchos"),
            entry("Brewer", "com.example.brewer", "application"),
            entry("BrewerWidget", "com.example.brewer.widget", "app-extension"),
            entry("BrewerTests", "com.example.brewerTests", "bundle.unit-test"),
            entry("Brewer", "com.example.brewer", "application"),
        ].joined(separator: ",") + "]"

    @Test("apps, extensions and watch apps, the app first, each once; frameworks and tests left out")
    func bundles() throws {
        let bundles = try SignedBundles.bundles(inJSON: Data(Self.watchApp.utf8), appIdentifier: "com.example.brewer")
        #expect(bundles.map(\.identifier) == ["com.example.brewer", "com.example.brewer.watchkitapp", "com.example.brewer.widget"])
        #expect(bundles.map(\.platform) == ["iphoneos", "watchos", "iphoneos"])
    }

    @Test("a scheme that does not sign app_identifier, and output that is no list, are errors that say so")
    func errors() {
        #expect(throws: SignedBundles.Unreadable.self) {
            try SignedBundles.bundles(inJSON: Data(Self.watchApp.utf8), appIdentifier: "com.example.other")
        }
        #expect(throws: SignedBundles.Unreadable.self) {
            try SignedBundles.bundles(inJSON: Data("Command line invocation:\n".utf8), appIdentifier: "com.example.brewer")
        }
    }

    @Test("the command names the workspace, scheme and configuration; a failing xcodebuild is quoted")
    func command() async throws {
        let argv = SignedBundles.command(workspace: "B.xcworkspace", project: "B.xcodeproj", scheme: "Brewer", configuration: "Release")
            .argv
        #expect(
            argv == [
                "xcodebuild", "-showBuildSettings", "-json", "-workspace", "B.xcworkspace", "-scheme", "Brewer", "-configuration",
                "Release", "-skipPackageUpdates",
            ])
        let shell = ScriptedShellRunner()
        await shell.on(
            ["xcodebuild"],
            .output(
                [(.standardError, "xcodebuild: error: The workspace named \"B\" does not contain a scheme named \"Brewer\".")], .exited(65))
        )
        await #expect {
            _ = try await SignedBundles(shell: shell).read(
                workspace: "B.xcworkspace", project: nil, scheme: "Brewer", configuration: "Release", appIdentifier: "x")
        } throws: { error in
            "\(error)".contains("does not contain a scheme named")
        }
    }
}
