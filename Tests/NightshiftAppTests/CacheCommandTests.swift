import Foundation
import NightshiftApp
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift cache status` and `cache clear` on a cache home laid out as `cache:` keeps it.
@Suite("cache status and clear", .temporaryDirectory)
struct CacheCommandTests {
    /// A project's cache as a build leaves it: a store of 3 MiB for Xcode 17C52, one of 1 MiB for
    /// 17A400, 2 MiB of packages, and its origin.
    static func keep(_ container: String, in root: BuildCacheRoot) throws -> BuildCacheProject {
        let project = BuildCacheProject(container: container)
        let folder = root.folder(of: project)
        for (part, size) in [("compilation/17C52", 3), ("compilation/17A400", 1), ("packages/repositories", 2)] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(part)", withIntermediateDirectories: true)
            try Data(count: size << 20).write(to: URL(fileURLWithPath: "\(folder)/\(part)/blob"))
        }
        try (container + "\n").write(toFile: folder + "/origin", atomically: true, encoding: .utf8)
        return project
    }

    @Test("status: each project with its stores by Xcode build, its packages and sizes; strangers named, not counted")
    func status() async throws {
        let app = try AppHarness()
        let root = BuildCacheRoot(path: app.directory + "/cache")
        _ = try Self.keep("/work/App/App.xcworkspace", in: root)
        try FileManager.default.createSymbolicLink(atPath: root.projectsFolder + "/Evil.xcodeproj-0123456789ab", withDestinationPath: "/")
        let code = await ManageCache(action: .status).execute(in: app.environment(["NIGHTSHIFT_CACHE_HOME": root.path]))
        #expect(code == 0)
        let shown = app.standardOutput
        #expect(shown.contains("/work/App/App.xcworkspace  [App.xcworkspace-"))
        #expect(shown.contains("  compilation cache, Xcode build 17A400  1 MB\n  compilation cache, Xcode build 17C52  3 MB\n"))
        #expect(shown.contains("  Swift packages  2 MB\n  total  6 MB\n"))
        #expect(shown.contains("1 project, 6 MB\n"))
        #expect(shown.contains("not a build cache, left alone: \(root.projectsFolder)/Evil.xcodeproj-0123456789ab"))
    }

    @Test("clear by path or key, one Xcode build's store or all; a link never followed out of the cache")
    func clear() async throws {
        let app = try AppHarness()
        let root = BuildCacheRoot(path: app.directory + "/cache")
        let environment = app.environment(["NIGHTSHIFT_CACHE_HOME": root.path])
        try FileManager.default.createDirectory(atPath: app.directory + "/App", withIntermediateDirectories: true)
        let app1 = try Self.keep(app.directory + "/App/App.xcworkspace", in: root)
        let other = try Self.keep("/elsewhere/Other.xcodeproj", in: root)
        // A link inside the cache to a folder outside it: removed as a link, its target kept.
        let outside = app.directory + "/precious"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "keep".write(toFile: outside + "/file", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.packagesFolder(of: app1) + "/link", withDestinationPath: outside)

        let one = ManageCache(action: .clear(project: other.key, all: false, xcodeBuild: "17A400"))
        #expect(await one.execute(in: environment) == 0)
        #expect(!FileManager.default.fileExists(atPath: root.compilationFolder(of: other, xcodeBuild: "17A400")))
        #expect(FileManager.default.fileExists(atPath: root.compilationFolder(of: other, xcodeBuild: "17C52")))
        #expect(app.standardOutput.contains("cleared the compilation cache of Xcode build 17A400 for /elsewhere/Other.xcodeproj (1 MB)"))

        let byPath = ManageCache(action: .clear(project: "App/App.xcworkspace", all: false, xcodeBuild: nil))
        #expect(await byPath.execute(in: environment) == 0)
        #expect(!FileManager.default.fileExists(atPath: root.folder(of: app1)))
        #expect(try String(contentsOfFile: outside + "/file", encoding: .utf8) == "keep")

        // A project folder swapped for a link is refused, not followed.
        try FileTree.remove(root.folder(of: other))
        try FileManager.default.createSymbolicLink(atPath: root.folder(of: other), withDestinationPath: outside)
        let refused = ManageCache(action: .clear(project: other.key, all: false, xcodeBuild: nil))
        #expect(await refused.execute(in: environment) == 2, "a link is not a project: nothing to clear")
        #expect(try String(contentsOfFile: outside + "/file", encoding: .utf8) == "keep")
    }

    @Test("clear waits for a lane building into the cache, saying who, and clears once it is done")
    func waitsForTheLane() async throws {
        let app = try AppHarness()
        let root = BuildCacheRoot(path: app.directory + "/cache")
        let project = try Self.keep("/work/App/App.xcworkspace", in: root)
        var held = try root.locks.tryLock(project.key, as: NamedLockHolder(lane: "beta", runID: "run-7", pid: 0, since: app.clock.now))
        #expect(held != nil)
        let environment = app.environment(["NIGHTSHIFT_CACHE_HOME": root.path])
        async let cleared = ManageCache(action: .clear(project: nil, all: true, xcodeBuild: nil)).execute(in: environment)
        await waitUntil("clear says it waits") { app.standardError.contains("waiting for the build cache of /work/App/App.xcworkspace") }
        #expect(app.standardError.contains("held by lane 'beta' (run run-7"))
        #expect(FileManager.default.fileExists(atPath: root.folder(of: project)), "nothing removed while the lane holds it")
        withExtendedLifetime(held) {}
        held = nil
        #expect(await cleared == 0)
        #expect(!FileManager.default.fileExists(atPath: root.folder(of: project)))
    }

    @Test("usage: a project and --all, neither, or one with no cache; no folder to keep caches in")
    func usage() async throws {
        let app = try AppHarness()
        let environment = app.environment(["NIGHTSHIFT_CACHE_HOME": app.directory + "/cache"])
        #expect(await ManageCache(action: .clear(project: "x", all: true, xcodeBuild: nil)).execute(in: environment) == 2)
        #expect(await ManageCache(action: .clear(project: nil, all: false, xcodeBuild: nil)).execute(in: environment) == 2)
        #expect(await ManageCache(action: .clear(project: "App.xcworkspace", all: false, xcodeBuild: nil)).execute(in: environment) == 2)
        #expect(app.standardError.contains("no build cache of 'App.xcworkspace'"))
        let homeless = app.environment(["HOME": "", "NIGHTSHIFT_CACHE_HOME": ""])
        #expect(await ManageCache(action: .status).execute(in: homeless) == 2)
    }
}
