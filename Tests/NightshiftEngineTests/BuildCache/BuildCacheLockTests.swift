import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `StepContext.runCompiling`: the cache's arguments on xcodebuild, the project's lock held while
/// it builds (a second lane on the same cache waits and says for what), the metrics read from
/// its log into the step's details, and a dry run that writes nothing.
@Suite("Build cache lock and metrics", .temporaryDirectory)
struct BuildCacheLockTests {
    static let note = "CompilationCacheMetrics\nnote: 3 hits / 4 cacheable tasks (75%)\n** BUILD SUCCEEDED **\n"

    @Test("a second lane building into the same cache waits for the first, saying who holds it")
    func twoLanesAtOnce() async throws {
        let folder = try TemporaryFolder()
        let shell = GatedXcodebuild(log: Self.note)
        let first = Lane(folder: folder.path, name: "a", shell: shell)
        let second = Lane(folder: folder.path, name: "b", shell: shell)
        let build = ShellCommand("xcodebuild", ["build-for-testing", "-scheme", "App"])
        async let firstBuilt = first.context.runCompiling(build, container: "App.xcworkspace")
        await waitUntil("lane a's xcodebuild started") { await shell.started.count == 1 }
        async let secondBuilt = second.context.runCompiling(build, container: "App.xcworkspace")
        await waitUntil("lane b waits for the cache") { await second.output.all.contains("waiting for the build cache") }
        #expect(await second.output.all.contains("held by lane 'a' (run run-a"))
        #expect(await shell.started.count == 1, "b must not build while a holds the cache")
        await shell.release()
        #expect(try await firstBuilt.succeeded)
        await waitUntil("lane b's xcodebuild started") { await shell.started.count == 2 }
        await shell.release()
        #expect(try await secondBuilt.succeeded)
        let started = await shell.started
        #expect(started.allSatisfy { $0.arguments.contains("COMPILATION_CACHE_ENABLE_CACHING=YES") })
        #expect(started.allSatisfy { !$0.inheritedDescriptors.isEmpty }, "the build keeps the lock if nightshift dies")
        #expect(await first.context.details.compilationCache == CompilationCacheMetrics(hits: 3, cacheableTasks: 4))
        #expect(await second.output.all.contains("compilation cache: 3 hits, 1 miss of 4 cacheable tasks (75%)"))
        let store = "\(folder.path)/cache/projects/\(BuildCacheProject(container: folder.path + "/App.xcworkspace").key)"
        #expect(FileManager.default.fileExists(atPath: store + "/compilation/17C52"))
        #expect((try? String(contentsOfFile: store + "/origin", encoding: .utf8)) == folder.path + "/App.xcworkspace\n")
    }

    @Test("without an Xcode pin the store is named by the selected Xcode's build, from xcodebuild -version")
    func unpinnedXcode() async throws {
        let folder = try TemporaryFolder()
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcodebuild", "-version"], .output([(.standardOutput, "Xcode 26.1\nBuild version 17B55\n")], .exited(0)))
        await scripted.on(["xcodebuild", "archive"], .output([(.standardOutput, Self.note)], .exited(0)))
        var lane = Lane(folder: folder.path, name: "a", shell: scripted)
        lane.context.xcode = nil
        _ = try await lane.context.runCompiling(ShellCommand("xcodebuild", ["archive"]), container: nil)
        let archive = try #require(await scripted.commands.last)
        #expect(archive.arguments.contains { $0.hasSuffix("/compilation/17B55") && $0.hasPrefix("COMPILATION_CACHE_CAS_PATH=") })
        #expect(await scripted.unscripted.isEmpty)
    }

    @Test("a dry run shows the settings and the folder, takes no lock and writes nothing")
    func dryRun() async throws {
        let folder = try TemporaryFolder()
        let scripted = ScriptedShellRunner(fallback: .succeeds)
        var lane = Lane(folder: folder.path, name: "a", shell: scripted)
        lane.context.isDryRun = true
        lane.context.cache = BuildCacheSettings(compilation: true, packages: true, limit: ByteSize(parsing: "500MB"))
        _ = try await lane.context.runCompiling(ShellCommand("xcodebuild", ["archive"]), container: "App.xcworkspace")
        let shown = await lane.output.all
        #expect(shown.contains("compilation cache: \(folder.path)/cache/projects/"))
        #expect(shown.contains("limit 500 MB (COMPILATION_CACHE_LIMIT_SIZE=500M)"))
        #expect(shown.contains("Swift packages: \(folder.path)/cache/projects/"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/cache"))
        #expect(await scripted.commands.last?.arguments.contains("-disableAutomaticPackageResolution") == true)
    }

    @Test("a dry run on a machine without xcodebuild still shows where the store would be")
    func dryRunWithoutXcode() async throws {
        let folder = try TemporaryFolder()
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcodebuild", "-version"], .launchFailure("xcodebuild: not found on PATH"))
        await scripted.on(["xcodebuild", "archive"], .succeeds)
        var lane = Lane(folder: folder.path, name: "a", shell: scripted)
        lane.context.xcode = nil
        lane.context.isDryRun = true
        _ = try await lane.context.runCompiling(ShellCommand("xcodebuild", ["archive"]), container: nil)
        #expect(await lane.output.all.contains("/compilation/<Xcode build> (Xcode build <Xcode build>"))
    }

    @Test("no cache: in force: the command as it is, nothing read from its log")
    func noCache() async throws {
        let folder = try TemporaryFolder()
        let scripted = ScriptedShellRunner()
        await scripted.on(["xcodebuild", "archive"], .output([(.standardOutput, Self.note)], .exited(0)))
        var lane = Lane(folder: folder.path, name: "a", shell: scripted)
        lane.context.cache = nil
        _ = try await lane.context.runCompiling(ShellCommand("xcodebuild", ["archive"]), container: nil)
        #expect(await scripted.argvs == [["xcodebuild", "archive"]])
        #expect(await lane.context.details.compilationCache == nil)
    }

    /// A lane's step context on a cache under `folder`, pinned to Xcode build 17C52.
    struct Lane {
        var context: StepContext
        let output = CapturingOutput()

        init(folder: String, name: String, shell: any ShellRunner) {
            let step = Step(.sh(ShellScript("true")))
            let file = LanesFile(path: "lanes.yml", lanes: [NightshiftCore.Lane(name: name, steps: [step])])
            let output = self.output
            context = StepContext(
                lanesFile: file, lane: file.lanes[0], step: step, configuration: nil, environment: [:],
                folders: RunFolders(
                    runID: "run-\(name)", logs: .test("\(folder)/runs/\(name)"), output: .test("\(folder)/runs/\(name)/output")),
                shell: shell, clock: ManualClock(), secrets: RunSecrets(secrets: []), cleanup: CleanupStack(), exports: RunExports(),
                directory: folder, isDryRun: false, emit: { channel, bytes in await output.append(channel, bytes) })
            context.cache = BuildCacheSettings(compilation: true, limit: ByteSize(parsing: "20GB"))
            context.cacheRoot = BuildCacheRoot(path: folder + "/cache")
            context.xcode = InstalledXcode(
                app: "/Applications/Xcode.app", version: XcodeVersion(parsing: "26.2")!, build: "17C52", isBeta: false)
        }
    }
}

/// An xcodebuild that starts, records its command and holds until the test releases it: the
/// test sees exactly when each build runs, with no timing.
actor GatedXcodebuild: ShellRunner {
    let log: String
    private(set) var started: [ShellCommand] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var releases = 0

    init(log: String) {
        self.log = log
    }

    func release() {
        releases += 1
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }

    nonisolated func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws
        -> Termination
    {
        await hold(command)
        await onOutput(.standardOutput, Array(log.utf8))
        return .exited(0)
    }

    private func hold(_ command: ShellCommand) async {
        started.append(command)
        if releases >= started.count { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
