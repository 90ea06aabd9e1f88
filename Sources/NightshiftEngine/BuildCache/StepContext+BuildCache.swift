import Foundation
import NightshiftCore
public import NightshiftSystem

extension StepContext {
    /// Runs an xcodebuild that compiles (`archive`, `build-for-testing`) with the `cache:` in
    /// force: its arguments appended, the project's cache lock held while it runs (two lanes
    /// writing one store at once corrupt nothing in Xcode's CAS, but two package clones into one
    /// folder do, and `cache clear` must not delete under a build), and the compilation cache's
    /// hits and misses read from its log into the step's details. Without `cache:`, `run` as is.
    /// `container`: the workspace or project built, as the step names it; nil for the one in the
    /// working folder.
    public func runCompiling(
        _ command: ShellCommand, container: String?, xcodebuild: String = "xcodebuild", display: OutputDisplay = .condensed
    ) async throws -> Termination {
        guard let settings = cache, settings.keepsAnything else { return try await run(command, display: display) }
        let plan = try await buildCachePlan(settings, container: container, xcodebuild: xcodebuild)
        for line in plan.description { await log(line) }
        var context = self
        var command = command
        command.arguments += plan.arguments
        let lock = try await holdBuildCache(plan)
        defer { withExtendedLifetime(lock) {} }
        if let lock {
            // The build keeps the lock if nightshift is killed under it (as `locks:` do).
            context.shell = LockHoldingShell(base: shell, descriptors: [lock.descriptor])
            try prepareFolders(plan)
        }
        let reader = CompilationCacheMetricsReader()
        let termination = try await context.run(command, display: display, tap: reader.receive)
        guard settings.compilation, !isDryRun else { return termination }
        if let metrics = reader.metrics {
            await details.setCompilationCache(metrics)
            await log("compilation cache: \(metrics.summary)")
        } else if termination.succeeded {
            await log("compilation cache: xcodebuild reported no cacheable task (nothing compiled, or caching unsupported here)")
        }
        return termination
    }

    private func buildCachePlan(_ settings: BuildCacheSettings, container: String?, xcodebuild: String) async throws -> BuildCachePlan {
        guard let root = cacheRoot else {
            throw StepFailure(
                "cache: needs a folder to keep caches in: set HOME or \(BuildCacheRoot.variable) to an absolute path",
                reason: .missingSetting)
        }
        let project = BuildCacheProject(container: absolute(container ?? directory))
        guard settings.compilation else { return BuildCachePlan(settings: settings, root: root, project: project, xcodeBuild: nil) }
        if let xcode { return BuildCachePlan(settings: settings, root: root, project: project, xcodeBuild: xcode.build) }
        // No `xcode:` pin: the machine's selected Xcode, which only it can name.
        // A dry run on a machine without Xcode still shows where the store would be.
        let unknown = BuildCachePlan(settings: settings, root: root, project: project, xcodeBuild: "<Xcode build>")
        let answer: CapturedResult
        do {
            answer = try await inspectionShell.capture(ShellCommand(xcodebuild, ["-version"]))
        } catch  where isDryRun {
            return unknown
        }
        if let build = BuildCachePlan.xcodeBuild(inVersionOutput: answer.standardOutput) {
            return BuildCachePlan(settings: settings, root: root, project: project, xcodeBuild: build)
        }
        if isDryRun { return unknown }
        throw StepFailure(
            "cache: compilation keeps a store per Xcode build, and `xcodebuild -version` named none (\(answer.termination)): "
                + answer.failureDetail, reason: .stepFailed)
    }

    /// The project's lock, waited for when another lane holds it (saying who); nil in a dry run,
    /// which writes nothing and so takes no lock.
    private func holdBuildCache(_ plan: BuildCachePlan) async throws -> FileLock? {
        guard !isDryRun else { return nil }
        let locks = plan.root.locks
        let holder = NamedLockHolder(lane: lane.name, runID: folders.runID, pid: 0, since: clock.now)
        do {
            if let lock = try locks.tryLock(plan.lockName, as: holder) { return lock }
            let who = locks.holder(of: plan.lockName)?.description ?? "held by another process"
            await log("waiting for the build cache of \(plan.project.container) (\(plan.root.folder(of: plan.project))): \(who)")
            guard let lock = try await locks.waitForLock(plan.lockName, as: holder) else { throw CancellationError() }
            await log("build cache of \(plan.project.container) free: building")
            return lock
        } catch let error as FileLockError {
            throw StepFailure("cannot lock the build cache of \(plan.project.container): \(error)", reason: .stepFailed)
        }
    }

    /// The kept folders, made before xcodebuild runs, with a note naming the project for
    /// `cache status`.
    private func prepareFolders(_ plan: BuildCachePlan) throws {
        do {
            for folder in [plan.compilationFolder, plan.packagesFolder].compactMap(\.self) { try DirectoryCreation.create(folder) }
            try DurableFile.replace(
                plan.root.folder(of: plan.project) + "/origin", with: Array((plan.project.container + "\n").utf8), sync: false)
        } catch {
            throw StepFailure("cannot prepare the build cache of \(plan.project.container): \(error)", reason: .stepFailed)
        }
    }
}
