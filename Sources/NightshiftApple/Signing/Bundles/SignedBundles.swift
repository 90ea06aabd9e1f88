import Foundation
public import NightshiftCore
public import NightshiftSystem

/// Every bundle a scheme signs in a build configuration, read from
/// `xcodebuild -showBuildSettings -json`: one entry per target of the scheme's build graph, each
/// with its resolved `buildSettings`. The app, its extensions, its watch app and its App Clip
/// are signed with a profile of their own; frameworks, bundles, package targets, plugins and
/// test targets are not, and nightshift leaves their settings alone.
public struct SignedBundles: Sendable {
    private let shell: any ShellRunner
    private let xcodebuild: String

    public init(shell: any ShellRunner, xcodebuildPath: String = "xcodebuild") {
        self.shell = shell
        self.xcodebuild = xcodebuildPath
    }

    public struct Bundle: Sendable, Hashable, Codable {
        public var identifier: String
        /// `PLATFORM_NAME`: iphoneos, watchos, appletvos, xros, macosx.
        public var platform: String
        public var target: String
        /// `PRODUCT_TYPE`, e.g. `com.apple.product-type.app-extension`.
        public var productType: String
        /// `CODE_SIGN_ENTITLEMENTS` as an absolute path (read against `SRCROOT`); nil when the
        /// target has none.
        public var entitlementsPath: String?
        /// The target's build settings an entitlements file may name (`$(PRODUCT_BUNDLE_IDENTIFIER)`,
        /// a user-defined `APP_GROUP_ID`), for expanding it as Xcode does when it signs.
        public var settings: [String: String]

        public init(
            identifier: String, platform: String, target: String, productType: String = SignedBundles.applicationType,
            entitlementsPath: String? = nil, settings: [String: String] = [:]
        ) {
            self.identifier = identifier
            self.platform = platform
            self.target = target
            self.productType = productType
            self.entitlementsPath = entitlementsPath
            self.settings = settings
        }

        public var isMac: Bool { platform == "macosx" }
    }

    public struct Unreadable: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    public static let applicationType = "com.apple.product-type.application"

    /// Product types that carry a provisioning profile of their own (apps, app extensions,
    /// watch apps and their extensions, App Clips, ExtensionKit extensions, messages apps).
    static let signedProductTypes: Set<String> = [
        applicationType, "com.apple.product-type.application.on-demand-install-capable",
        "com.apple.product-type.application.watchapp", "com.apple.product-type.application.watchapp2",
        "com.apple.product-type.application.watchapp2-container", "com.apple.product-type.app-extension",
        "com.apple.product-type.app-extension.messages", "com.apple.product-type.app-extension.messages-sticker-pack",
        "com.apple.product-type.watchkit-extension", "com.apple.product-type.watchkit2-extension",
        "com.apple.product-type.tv-app-extension", "com.apple.product-type.extensionkit-extension",
        "com.apple.product-type.application.messages",
    ]

    /// The scheme a lanes file's `project:` names, and the build configuration, resolved: what
    /// every reader of the signed bundles (a run, `signing`, `profiles`) asks xcodebuild about.
    public struct Scheme: Sendable, Hashable {
        public var workspace: String?
        public var project: String?
        public var name: String
        public var configuration: String

        public init(_ project: Project, configuration: Template, resolve: (Template) -> String) {
            workspace = project.workspace.map(resolve)
            self.project = project.xcodeProject.map(resolve)
            name = resolve(project.scheme ?? project.name)
            self.configuration = resolve(configuration)
        }
    }

    public static func command(_ scheme: Scheme, xcodebuild: String = "xcodebuild") -> ShellCommand {
        command(
            workspace: scheme.workspace, project: scheme.project, scheme: scheme.name, configuration: scheme.configuration,
            xcodebuild: xcodebuild)
    }

    /// The signed bundles of `scheme`, the app (`appIdentifier`) first, each id once.
    public func read(_ scheme: Scheme, appIdentifier: String) async throws -> [Bundle] {
        try await read(
            workspace: scheme.workspace, project: scheme.project, scheme: scheme.name, configuration: scheme.configuration,
            appIdentifier: appIdentifier)
    }

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
        // -skipPackageUpdates: reading settings must not fetch packages (a slow network, or
        // none, would stall the preflight; the archive resolves them from Package.resolved).
        return ShellCommand(xcodebuild, arguments + ["-scheme", scheme, "-configuration", configuration, "-skipPackageUpdates"])
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
        } catch let error as ShellRunnerError {
            // "not found on PATH (…)": the PATH itself is the environment's to show, not this line's.
            let reason = error.reason.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
            throw Unreadable(description: "cannot run \(xcodebuild): \(reason)")
        } catch {
            throw Unreadable(description: "cannot run \(xcodebuild): \(error)")
        }
        guard result.succeeded else {
            throw Unreadable(
                description: "'\(command.argv.joined(separator: " "))' failed (\(result.termination)): \(result.failureDetail)")
        }
        return try Self.bundles(inJSON: Data(result.standardOutput.utf8), appIdentifier: appIdentifier)
    }

    /// Each bundle keeps all of its target's settings: an entitlements file may name any
    /// user-defined one, and there is no telling which.
    static func bundles(inJSON data: Data, appIdentifier: String) throws(Unreadable) -> [Bundle] {
        struct Entry: Decodable {
            var target: String?
            var buildSettings: [String: String]
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: Self.jsonArray(in: data))
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
                Bundle(
                    identifier: identifier, platform: settings["PLATFORM_NAME"] ?? "iphoneos", target: entry.target ?? identifier,
                    productType: type, entitlementsPath: entitlementsPath(settings), settings: settings))
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

    /// xcodebuild may print a line before the JSON (`Command line invocation:` on some versions,
    /// a package resolution notice): the array runs from the first `[` at a line's start.
    static func jsonArray(in data: Data) -> Data {
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), index == 0 || bytes[index - 1] == UInt8(ascii: "\n") {
                return Data(bytes[index...])
            }
            index += 1
        }
        return data
    }

    private static func entitlementsPath(_ settings: [String: String]) -> String? {
        guard let path = settings["CODE_SIGN_ENTITLEMENTS"], !path.isEmpty else { return nil }
        if path.hasPrefix("/") { return path }
        guard let root = settings["SRCROOT"] ?? settings["PROJECT_DIR"] else { return path }
        return (try? AbsolutePath(validating: path, relativeTo: AbsolutePath(validating: root)))?.string ?? "\(root)/\(path)"
    }
}
