import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// `nightshift cache status` and `nightshift cache clear`: the build caches `cache:` keeps
/// (Xcode's compilation cache per project and Xcode build, Swift packages per project), in the
/// user's cache folder (`BuildCacheRoot`).
public struct ManageCache: AppCommand {
    public enum Action: Sendable, Hashable {
        case status
        /// `project`: a key `status` shows, or the workspace or project's path; nil with `all`.
        /// `xcodeBuild`: only that Xcode build's compilation store.
        case clear(project: String?, all: Bool, xcodeBuild: String?)
    }

    public var action: Action

    public init(action: Action) {
        self.action = action
    }

    public var lanesFile: LanesFileOptions? { nil }

    /// 0; 2 for a usage error (no cache folder, no such project); 1 when a folder cannot be
    /// removed or is a link that is not followed.
    public func work(in context: CommandContext) async throws -> Int32 {
        guard let root = BuildCacheRoot.locate(in: context.environment.variables) else {
            throw CommandFailure.usage("no folder to keep build caches in: set HOME or \(BuildCacheRoot.variable) to an absolute path")
        }
        let inventory = BuildCacheInventory(root: root)
        switch action {
        case .status:
            context.output.out(BuildCacheStatusText.render(inventory.projects(), strangers: inventory.strangers(), root: root))
            return ExitStatus.success
        case .clear(let project, let all, let build):
            let keys = try keys(project: project, all: all, in: inventory, context: context)
            var problems: [Diagnostic] = []
            for key in keys {
                if let problem = await clear(key, xcodeBuild: build, in: inventory, context: context) { problems.append(problem) }
            }
            if keys.isEmpty { context.output.out("No build caches in \(root.path).\n") }
            guard problems.isEmpty else { throw CommandFailure(problems, status: ExitStatus.failed, countsErrors: false) }
            return ExitStatus.success
        }
    }

    private func keys(project: String?, all: Bool, in inventory: BuildCacheInventory, context: CommandContext) throws -> [String] {
        switch (project, all) {
        case (nil, true): return inventory.keys()
        case (_?, true): throw CommandFailure.usage("cache clear takes a project or --all, not both")
        case (nil, false): throw CommandFailure.usage("cache clear needs a project (a key 'cache status' shows, or its path) or --all")
        case (let project?, false):
            let known = inventory.keys()
            if known.contains(project) { return [project] }
            let key = (try? AbsolutePath(validating: project, relativeTo: context.environment.currentDirectory)).map {
                BuildCacheProject(container: $0.standardized.string).key
            }
            guard let key, known.contains(key) else {
                throw CommandFailure.usage("no build cache of '\(project)' in \(inventory.root.path) ('cache status' lists them)")
            }
            return [key]
        }
    }

    /// Under the project's lock: a lane building into it finishes first (and is named). Nil when
    /// cleared, else why not.
    private func clear(_ key: String, xcodeBuild: String?, in inventory: BuildCacheInventory, context: CommandContext) async
        -> Diagnostic?
    {
        let locks = inventory.root.locks
        let holder = NamedLockHolder(lane: "(cache clear)", runID: "-", pid: 0, since: context.clock.now)
        let project = inventory.project(key)
        let shown = project.container ?? key
        do {
            var lock = try locks.tryLock(key, as: holder)
            if lock == nil {
                context.output.err(
                    "waiting for the build cache of \(shown): \(locks.holder(of: key)?.description ?? "held by another process")\n")
                lock = try await locks.waitForLock(key, as: holder)
            }
            guard let lock else { return .error("clearing the build cache of \(shown) was interrupted", at: nil) }
            defer { withExtendedLifetime(lock) {} }
            let freed = project.compilation.first { $0.build == xcodeBuild }?.size ?? (xcodeBuild == nil ? project.total : nil)
            try inventory.clear(key, xcodeBuild: xcodeBuild)
            let what = xcodeBuild.map { "the compilation cache of Xcode build \($0) for" } ?? "the build cache of"
            context.output.out("cleared \(what) \(shown)\(freed.map { " (\($0))" } ?? "")\n")
            return nil
        } catch {
            return .error("cannot clear the build cache of \(shown): \(error)", at: nil)
        }
    }
}

/// `cache status`'s text: per project, each Xcode build's store and the packages, with sizes
/// and who is building into it now.
enum BuildCacheStatusText {
    static func render(_ projects: [BuildCacheInventory.Project], strangers: [String], root: BuildCacheRoot) -> String {
        guard !projects.isEmpty else { return "No build caches in \(root.path).\n" + strangerLines(strangers, root: root) }
        var lines = ["Build caches in \(root.path):"]
        for project in projects {
            lines.append("")
            lines.append("\(PrintableText.oneLine(project.container ?? "(project unknown)"))  [\(project.key)]")
            for store in project.compilation {
                lines.append("  compilation cache, Xcode build \(PrintableText.oneLine(store.build))  \(store.size)")
            }
            if let packages = project.packages { lines.append("  Swift packages  \(packages)") }
            let use = project.isLocked ? "  (in use: \(project.holder?.description ?? "held by another process"))" : ""
            lines.append("  total  \(project.total)\(use)")
        }
        let total = ByteSize(bytes: projects.reduce(0) { $0 + $1.total.bytes })
        lines.append("")
        lines.append("\(projects.count) \(projects.count == 1 ? "project" : "projects"), \(total)")
        return lines.joined(separator: "\n") + "\n" + strangerLines(strangers, root: root)
    }

    private static func strangerLines(_ strangers: [String], root: BuildCacheRoot) -> String {
        strangers.map { "not a build cache, left alone: \(root.projectsFolder)/\(PrintableText.oneLine($0))\n" }.joined()
    }
}
