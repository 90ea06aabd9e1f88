import Foundation
public import NightshiftCore
public import NightshiftSystem

/// What a cache root holds, per project and Xcode build, as `nightshift cache status` shows it,
/// and the removal `cache clear` makes. Sizes count regular files only, never through a link.
public struct BuildCacheInventory: Sendable {
    /// One Xcode build's compilation store.
    public struct Store: Sendable, Hashable {
        /// `ProductBuildVersion`: `17C52`.
        public var build: String
        public var size: ByteSize
    }

    public struct Project: Sendable, Hashable {
        public var key: String
        /// The workspace or project it was kept for (its `origin`); nil when that is unreadable.
        public var container: String?
        /// Per Xcode build (`ProductBuildVersion`), by build.
        public var compilation: [Store]
        public var packages: ByteSize?
        /// Who holds its lock now (a lane building), if anyone.
        public var holder: NamedLockHolder?
        public var isLocked: Bool

        public var total: ByteSize {
            ByteSize(bytes: compilation.reduce(packages?.bytes ?? 0) { $0 + $1.size.bytes })
        }
    }

    public let root: BuildCacheRoot

    public init(root: BuildCacheRoot) {
        self.root = root
    }

    /// Every project folder, by key; what is not a folder a step made (a stray file, a link) is
    /// left out, and said so by `strangers`.
    public func projects() -> [Project] {
        keys().map(project(_:))
    }

    /// Entries of the projects folder that are not project folders: links, files, odd names.
    public func strangers() -> [String] {
        names().filter { !BuildCacheProject.isKey($0) || FileKind.of(root.projectsFolder + "/" + $0) != .directory }
    }

    public func project(_ key: String) -> Project {
        let folder = root.projectsFolder + "/" + key
        let origin = (try? WholeFile.contents(of: folder + "/origin", atMost: 4096)).map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
        let builds =
            FileKind.of(folder + "/compilation") == .directory
            ? ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/compilation")) ?? []).sorted() : []
        let compilation = builds.compactMap { build in
            FileTree.size(of: folder + "/compilation/" + build).map { Store(build: build, size: ByteSize(bytes: $0.bytes)) }
        }
        let packages = FileTree.size(of: folder + "/packages").map { ByteSize(bytes: $0.bytes) }
        let lockPath = root.locks.folder + "/" + FileNamedLocks.fileName(of: key) + ".lock"
        let locked = FileLock.isHeld(path: lockPath)
        return Project(
            key: key, container: origin, compilation: compilation, packages: packages,
            holder: locked ? root.locks.holder(of: key) : nil, isLocked: locked)
    }

    /// The project folders' keys, sorted.
    public func keys() -> [String] {
        names().filter { BuildCacheProject.isKey($0) && FileKind.of(root.projectsFolder + "/" + $0) == .directory }
    }

    private func names() -> [String] {
        guard FileKind.of(root.projectsFolder) == .directory else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: root.projectsFolder)) ?? []).sorted()
    }

    /// Removes a project's folder, or only its store for one Xcode build; the caller holds its
    /// lock. A link where a folder should be is refused, never followed.
    public func clear(_ key: String, xcodeBuild: String? = nil) throws(BuildCacheClearError) {
        let folder = root.projectsFolder + "/" + key
        guard FileKind.of(root.projectsFolder) == .directory, FileKind.of(folder) == .directory else {
            throw .notAFolder(folder)
        }
        var target = folder
        if let build = xcodeBuild {
            guard !build.isEmpty, !build.contains("/"), build != ".", build != ".." else {
                throw .notAFolder(folder + "/compilation/" + build)
            }
            target = folder + "/compilation/" + build
            guard FileKind.of(folder + "/compilation") == .directory, FileKind.of(target) == .directory else { throw .notAFolder(target) }
        }
        do {
            try FileTree.remove(target)
        } catch {
            throw .system(error)
        }
    }
}

public enum BuildCacheClearError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Absent, a file, or a link (which is never followed out of the cache).
    case notAFolder(String)
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .notAFolder(let path):
            let kind = FileKind.of(path)
            return kind == .symlink
                ? "\(path) is a symbolic link: not following it out of the cache"
                : kind == .absent ? "\(path) does not exist" : "\(path) is not a folder"
        case .system(let error): return "\(error)"
        }
    }
}
