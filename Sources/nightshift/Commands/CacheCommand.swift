import ArgumentParser
import NightshiftApp

/// `nightshift cache …`: the build caches `cache:` keeps between runs.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the build caches 'cache:' keeps between runs (compilation cache, Swift packages).",
        subcommands: [CacheStatusCommand.self, CacheClearCommand.self])
}

struct CacheStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List the build caches, per project and Xcode build, with their sizes.",
        discussion: """
            The caches live in NIGHTSHIFT_CACHE_HOME, else ~/Library/Caches/nightshift on macOS and \
            $XDG_CACHE_HOME/nightshift (~/.cache/nightshift) elsewhere. A cache a lane is building \
            into is marked in use, with the lane.
            """)

    func run() async throws {
        throw ExitCode(await ManageCache(action: .status).execute(in: CompositionRoot.environment()))
    }
}

struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete one project's build cache, or all of them.",
        discussion: """
            Waits for a lane building into the cache to finish (it says which). Symbolic links in \
            the cache are removed as links, never followed. Exits 1 when a cache could not be \
            removed, 2 when no cache matches.
            """)

    @Argument(help: "The project: its key as 'cache status' shows it, or the path of its .xcworkspace or .xcodeproj.")
    var project: String?

    @Flag(help: "Every project's cache.")
    var all = false

    @Option(name: .customLong("xcode-build"), help: "Only the compilation cache of this Xcode build (e.g. 17C52).")
    var xcodeBuild: String?

    func run() async throws {
        let command = ManageCache(action: .clear(project: project, all: all, xcodeBuild: xcodeBuild))
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
