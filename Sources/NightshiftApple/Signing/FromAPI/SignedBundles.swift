import Foundation
public import NightshiftSystem

/// Every bundle id a scheme signs in a build configuration, read from
/// `xcodebuild -showBuildSettings -json`: one entry per target the scheme builds, each with its
/// `buildSettings`. The app, its extensions and its watch app are signed with a profile of their
/// own; frameworks, bundles and test targets are not.
public struct SignedBundles: Sendable {
    private let shell: any ShellRunner
    private let xcodebuild: String

    public init(shell: any ShellRunner, xcodebuildPath: String = "xcodebuild") {
        self.shell = shell
        self.xcodebuild = xcodebuildPath
    }

    public struct Bundle: Sendable, Hashable {
        public var identifier: String
        /// `PLATFORM_NAME`: iphoneos, watchos, appletvos, xros, macosx.
        public var platform: String
        public var target: String
    }

    public struct Unreadable: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// Product types that carry a provisioning profile of their own (apps, app extensions,
    /// watch apps and their extensions, App Clips, ExtensionKit extensions).
    static let signedProductTypes: Set<String> = [
        "com.apple.product-type.application", "com.apple.product-type.application.on-demand-install-capable",
        "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container",
        "com.apple.product-type.app-extension", "com.apple.product-type.app-extension.messages",
        "com.apple.product-type.app-extension.messages-sticker-pack", "com.apple.product-type.watchkit2-extension",
        "com.apple.product-type.tv-app-extension", "com.apple.product-type.extensionkit-extension",
        "com.apple.product-type.application.messages",
    ]

    public static func command(
        workspace: String?, project: String?, scheme: String, configuration: String, xcodebuild: String = "xcodebuild"
    )
        -> ShellCommand
    {
        var arguments = ["-showBuildSettings", "-json"]
        if let workspace {
            arguments += ["-workspace", workspace]
        } else if let project {
            arguments += ["-project", project]
        }
        return ShellCommand(xcodebuild, arguments + ["-scheme", scheme, "-configuration", configuration])
    }

    /// The signed bundles, the app (`appIdentifier`) first, each id once.
    public func read(workspace: String?, project: String?, scheme: String, configuration: String, appIdentifier: String) async throws
        -> [Bundle]
    {
        let command = Self.command(
            workspace: workspace, project: project, scheme: scheme, configuration: configuration, xcodebuild: xcodebuild)
        let result: CapturedResult
        do {
            result = try await shell.capture(command)
        } catch {
            throw Unreadable(description: "cannot run \(xcodebuild): \(error)")
        }
        guard result.succeeded else {
            throw Unreadable(
                description: "'\(command.argv.joined(separator: " "))' failed (\(result.termination)): \(result.failureDetail)")
        }
        return try Self.bundles(inJSON: Data(result.standardOutput.utf8), appIdentifier: appIdentifier)
    }

    static func bundles(inJSON data: Data, appIdentifier: String) throws(Unreadable) -> [Bundle] {
        struct Entry: Decodable {
            var target: String?
            var buildSettings: [String: String]
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw Unreadable(description: "xcodebuild -showBuildSettings -json printed no list of targets' build settings")
        }
        var seen: Set<String> = []
        var bundles: [Bundle] = []
        for entry in entries {
            let settings = entry.buildSettings
            guard let type = settings["PRODUCT_TYPE"], signedProductTypes.contains(type),
                let identifier = settings["PRODUCT_BUNDLE_IDENTIFIER"], !identifier.isEmpty, seen.insert(identifier).inserted
            else { continue }
            bundles.append(
                Bundle(identifier: identifier, platform: settings["PLATFORM_NAME"] ?? "iphoneos", target: entry.target ?? identifier))
        }
        if let app = bundles.firstIndex(where: { $0.identifier == appIdentifier }) {
            bundles.insert(bundles.remove(at: app), at: 0)
        } else {
            throw Unreadable(
                description:
                    "the scheme signs \(bundles.isEmpty ? "no app" : bundles.map(\.identifier).joined(separator: ", ")), not app_identifier '\(appIdentifier)'"
            )
        }
        return bundles
    }
}
