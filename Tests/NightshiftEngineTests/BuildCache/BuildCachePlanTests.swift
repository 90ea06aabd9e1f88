import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import Testing

/// Where caches are kept and the xcodebuild arguments that point Xcode at them.
@Suite("Build cache plan")
struct BuildCachePlanTests {
    let root = BuildCacheRoot(path: "/cache")
    let project = BuildCacheProject(container: "/work/App/App.xcworkspace")

    @Test("compilation: Xcode's settings with a store per project and Xcode build, the limit as Xcode reads it")
    func compilation() {
        let settings = BuildCacheSettings(compilation: true, limit: ByteSize(parsing: "20GB"))
        let plan = BuildCachePlan(settings: settings, root: root, project: project, xcodeBuild: "17C52")
        let store = "/cache/projects/\(project.key)/compilation/17C52"
        #expect(
            plan.arguments == [
                "COMPILATION_CACHE_ENABLE_CACHING=YES", "COMPILATION_CACHE_CAS_PATH=\(store)", "COMPILATION_CACHE_KEEP_CAS_DIRECTORY=YES",
                "COMPILATION_CACHE_LIMIT_SIZE=20G",
            ])
        #expect(plan.description == ["compilation cache: \(store) (Xcode build 17C52, limit 20 GB (COMPILATION_CACHE_LIMIT_SIZE=20G))"])
        #expect(plan.packagesFolder == nil)
    }

    @Test("packages: one clone folder per project, resolved only from Package.resolved; no compilation setting")
    func packages() {
        let plan = BuildCachePlan(settings: BuildCacheSettings(packages: true), root: root, project: project, xcodeBuild: "17C52")
        #expect(
            plan.arguments == [
                "-clonedSourcePackagesDirPath", "/cache/projects/\(project.key)/packages", "-disableAutomaticPackageResolution",
            ])
        #expect(plan.compilationFolder == nil)
        #expect(!plan.arguments.contains { $0.hasPrefix("COMPILATION_CACHE") })
    }

    @Test("a project's key is readable, stable and differs by path; only keys name project folders")
    func keys() {
        #expect(project.key.hasPrefix("App.xcworkspace-"))
        #expect(project.key == BuildCacheProject(container: "/work/App/App.xcworkspace").key)
        #expect(project.key != BuildCacheProject(container: "/work2/App/App.xcworkspace").key)
        #expect(BuildCacheProject(container: "/a/My App ☕/../x y.xcodeproj").key.hasPrefix("x_y.xcodeproj-"))
        #expect(BuildCacheProject.isKey(project.key))
        for stranger in ["..", ".", "../x-0123456789ab", "a/b-0123456789ab", "x-012", ".hidden-0123456789ab"] {
            #expect(!BuildCacheProject.isKey(stranger), "\(stranger)")
        }
    }

    @Test("the cache root: the override, else the system's user cache folder, never a relative path")
    func roots() {
        #expect(BuildCacheRoot.locate(in: ["NIGHTSHIFT_CACHE_HOME": "/big/disk/", "HOME": "/Users/ci"])?.path == "/big/disk")
        #expect(BuildCacheRoot.locate(in: ["HOME": "/Users/ci"], isMacOS: true)?.path == "/Users/ci/Library/Caches/nightshift")
        #expect(
            BuildCacheRoot.locate(in: ["HOME": "/home/ci", "XDG_CACHE_HOME": "/var/cache/ci"], isMacOS: false)?.path
                == "/var/cache/ci/nightshift")
        #expect(
            BuildCacheRoot.locate(in: ["HOME": "/home/ci", "XDG_CACHE_HOME": "rel"], isMacOS: false)?.path == "/home/ci/.cache/nightshift")
        #expect(
            BuildCacheRoot.locate(in: ["NIGHTSHIFT_CACHE_HOME": "relative", "HOME": "/home/ci"], isMacOS: false)?.path
                == "/home/ci/.cache/nightshift")
        #expect(BuildCacheRoot.locate(in: [:]) == nil)
    }

    @Test("xcodebuild -version's build line")
    func versionOutput() {
        #expect(BuildCachePlan.xcodeBuild(inVersionOutput: "Xcode 26.2\nBuild version 17C52\n") == "17C52")
        #expect(BuildCachePlan.xcodeBuild(inVersionOutput: "Xcode 26.2\nBuild version ../x\n") == nil)
        #expect(BuildCachePlan.xcodeBuild(inVersionOutput: "xcodebuild: error: no Xcode") == nil)
    }
}
