import Foundation
public import NightshiftSystem

/// Reads an Xcode project or workspace the way Xcode does, through xcodebuild: its listing
/// (`-list -json`) and a scheme's resolved build settings per build configuration
/// (`-showBuildSettings -json -skipPackageUpdates`, the command `SignedBundles` runs).
public struct XcodeProjectSurvey: Sendable {
    private let shell: any ShellRunner
    private let xcodebuild: String

    public init(shell: any ShellRunner, xcodebuildPath: String = "xcodebuild") {
        self.shell = shell
        self.xcodebuild = xcodebuildPath
    }

    /// `-workspace W` or `-project P`.
    public enum Container: Sendable, Hashable {
        case workspace(String)
        case project(String)

        public var path: String {
            switch self {
            case .workspace(let path), .project(let path): path
            }
        }

        var arguments: [String] {
            switch self {
            case .workspace(let path): ["-workspace", path]
            case .project(let path): ["-project", path]
            }
        }
    }

    /// One target of a scheme's build graph and its resolved settings.
    public struct TargetSettings: Sendable, Hashable {
        public var target: String
        public var settings: [String: String]

        public var productType: String { settings["PRODUCT_TYPE"] ?? "" }
        public var isApplication: Bool { productType == SignedBundles.applicationType }
    }

    public func listing(_ container: Container) async throws -> XcodeListing {
        try XcodeListing.parse(try await capture(ShellCommand(xcodebuild, ["-list", "-json"] + container.arguments)))
    }

    /// What `-showBuildSettings -json` printed: each target the scheme builds, and the JSON itself.
    public struct SchemeSettings: Sendable, Hashable {
        public var targets: [TargetSettings]
        let json: Data

        /// The bundles signed with a profile of their own, the app first (what a run signs).
        public func signedBundles(appIdentifier: String) throws -> [SignedBundles.Bundle] {
            try SignedBundles.bundles(inJSON: json, appIdentifier: appIdentifier)
        }
    }

    /// The targets `scheme` builds in `configuration` (the scheme's own when nil).
    public func settings(_ container: Container, scheme: String, configuration: String?) async throws -> SchemeSettings {
        let command: ShellCommand
        if let configuration {
            let (workspace, project): (String?, String?) =
                switch container {
                case .workspace(let path): (path, nil)
                case .project(let path): (nil, path)
                }
            command = SignedBundles.command(
                workspace: workspace, project: project, scheme: scheme, configuration: configuration, xcodebuild: xcodebuild)
        } else {
            command = ShellCommand(
                xcodebuild, ["-showBuildSettings", "-json"] + container.arguments + ["-scheme", scheme, "-skipPackageUpdates"])
        }
        let output = try await capture(command)
        struct Entry: Decodable {
            var target: String?
            var buildSettings: [String: String]
        }
        let json = SignedBundles.jsonArray(in: Data(output.utf8))
        guard let entries = try? JSONDecoder().decode([Entry].self, from: json) else {
            throw XcodeListing.Unreadable(description: "'\(command.argv.joined(separator: " "))' printed no list of build settings")
        }
        return SchemeSettings(targets: entries.map { TargetSettings(target: $0.target ?? "", settings: $0.buildSettings) }, json: json)
    }

    private func capture(_ command: ShellCommand) async throws -> String {
        let result: CapturedResult
        do {
            result = try await shell.capture(command)
        } catch let error as ShellRunnerError {
            throw XcodeListing.Unreadable(description: "cannot run \(xcodebuild): \(error.reason.prefix { $0 != "(" })")
        }
        guard result.succeeded else {
            throw XcodeListing.Unreadable(
                description: "'\(command.argv.joined(separator: " "))' failed (\(result.termination)): \(result.failureDetail)")
        }
        return result.standardOutput
    }
}
