import Foundation
public import NightshiftCore

/// What the `cache:` in force means for one xcodebuild that compiles (`archive`,
/// `build-for-testing`): the folders it keeps, the arguments that point Xcode at them, and the
/// lines a log or a dry run shows.
public struct BuildCachePlan: Sendable, Hashable {
    public let settings: BuildCacheSettings
    public let root: BuildCacheRoot
    public let project: BuildCacheProject
    /// `ProductBuildVersion` of the Xcode that builds; nil without `compilation:`.
    public let xcodeBuild: String?

    public init(settings: BuildCacheSettings, root: BuildCacheRoot, project: BuildCacheProject, xcodeBuild: String?) {
        self.settings = settings
        self.root = root
        self.project = project
        self.xcodeBuild = settings.compilation ? xcodeBuild : nil
    }

    /// The CAS: per project and Xcode build, since a store's keys mean nothing to another Xcode.
    public var compilationFolder: String? { xcodeBuild.map { root.compilationFolder(of: project, xcodeBuild: $0) } }
    public var packagesFolder: String? { settings.packages ? root.packagesFolder(of: project) : nil }

    /// Appended to xcodebuild's arguments. The settings are swift-build's (`CASOptions`):
    /// caching on, the store here and kept after the build (`KEEP_CAS_DIRECTORY=NO` would delete
    /// it), bounded as Xcode reads sizes. Packages: cloned into the kept folder and never
    /// resolved to other versions than `Package.resolved` records (an out-of-date file fails the
    /// build rather than drifting).
    public var arguments: [String] {
        var arguments: [String] = []
        if let packages = packagesFolder { arguments += ["-clonedSourcePackagesDirPath", packages, "-disableAutomaticPackageResolution"] }
        if let store = compilationFolder {
            arguments += [
                "COMPILATION_CACHE_ENABLE_CACHING=YES", "COMPILATION_CACHE_CAS_PATH=\(store)", "COMPILATION_CACHE_KEEP_CAS_DIRECTORY=YES",
            ]
            if let limit = settings.limit { arguments.append("COMPILATION_CACHE_LIMIT_SIZE=\(limit.xcodeSetting)") }
        }
        return arguments
    }

    /// What the step says before it builds.
    public var description: [String] {
        var lines: [String] = []
        if let store = compilationFolder {
            let limit =
                settings.limit.map { "limit \($0) (COMPILATION_CACHE_LIMIT_SIZE=\($0.xcodeSetting))" }
                ?? "Xcode's limit (half the free disk)"
            lines.append("compilation cache: \(store) (Xcode build \(xcodeBuild ?? "?"), \(limit))")
        }
        if let packages = packagesFolder { lines.append("Swift packages: \(packages), resolved only from Package.resolved") }
        return lines
    }

    /// The name of the project's lock among `root.locks`.
    public var lockName: String { project.key }

    /// `Build version 17C52` in `xcodebuild -version`'s answer.
    public static func xcodeBuild(inVersionOutput output: String) -> String? {
        for line in output.split(whereSeparator: \.isNewline) where line.hasPrefix("Build version ") {
            let build = line.dropFirst("Build version ".count).trimmingCharacters(in: .whitespaces)
            if !build.isEmpty, build.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) { return build }
        }
        return nil
    }
}
