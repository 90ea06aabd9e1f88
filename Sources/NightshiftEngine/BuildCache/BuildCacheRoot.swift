import Crypto
import Foundation
import NightshiftCore
public import NightshiftSystem

/// Where kept build caches live: a user cache folder, outside every run folder, so a cache
/// survives runs (and `rm -rf .nightshift/runs`). `NIGHTSHIFT_CACHE_HOME` replaces it (tests,
/// a bigger disk); else `~/Library/Caches/nightshift` on macOS, `$XDG_CACHE_HOME/nightshift`
/// (or `~/.cache/nightshift`) elsewhere.
///
/// Layout: `projects/<project>/compilation/<Xcode build>/` (Xcode's CAS: keys are only valid for
/// the Xcode that wrote them), `projects/<project>/packages/` (SwiftPM's clones), and
/// `projects/<project>/origin` naming the project; `locks/` holds the named lock of each project.
public struct BuildCacheRoot: Sendable, Hashable {
    public static let variable = "NIGHTSHIFT_CACHE_HOME"
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Nil when the environment names no folder to keep it under (no HOME, or relative paths).
    public static func locate(in environment: EnvironmentVariables, isMacOS: Bool = RunningSystem.isMacOS) -> BuildCacheRoot? {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return (try? AbsolutePath(validating: value))?.string
        }
        if let override = absolute(variable) { return BuildCacheRoot(path: override) }
        if !isMacOS, let xdg = absolute("XDG_CACHE_HOME") { return BuildCacheRoot(path: xdg + "/nightshift") }
        guard let home = absolute("HOME") else { return nil }
        return BuildCacheRoot(path: home + (isMacOS ? "/Library/Caches/nightshift" : "/.cache/nightshift"))
    }

    public var projectsFolder: String { path + "/projects" }
    public func folder(of project: BuildCacheProject) -> String { projectsFolder + "/" + project.key }
    public func compilationFolder(of project: BuildCacheProject, xcodeBuild: String) -> String {
        folder(of: project) + "/compilation/" + xcodeBuild
    }
    public func packagesFolder(of project: BuildCacheProject) -> String { folder(of: project) + "/packages" }

    /// The named locks of the projects: the mechanism of `locks:` (`FileNamedLocks`), kept with
    /// the caches they guard, so two homes never share a lock and `cache clear` finds it.
    public var locks: FileNamedLocks { FileNamedLocks(folder: path + "/locks") }
}

/// A project as the cache knows it: by the absolute path of its workspace or project, because
/// Xcode's cache keys hold paths (a checkout moved elsewhere misses anyway). The key is readable
/// and unique: `<file name>-<12 hex of the path's SHA-256>`.
public struct BuildCacheProject: Sendable, Hashable {
    /// The `.xcworkspace` or `.xcodeproj`, absolute.
    public let container: String
    public let key: String

    public init(container: String) {
        self.container = container
        let name = container.split(separator: "/").last.map(String.init) ?? "project"
        let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") ? $0 : "_" })
        let digest = SHA256.hash(data: Data(container.utf8)).hexString.prefix(12)
        self.key = "\(safe.prefix(60))-\(digest)"
    }

    /// A key as `cache status` and `cache clear` accept it: what `init` makes, nothing that could
    /// name a folder outside the projects folder.
    public static func isKey(_ text: String) -> Bool {
        guard let dash = text.lastIndex(of: "-"), text.distance(from: dash, to: text.endIndex) == 13 else { return false }
        return !text.hasPrefix(".") && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }
    }
}
