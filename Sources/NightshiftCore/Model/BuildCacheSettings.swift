/// `cache:` as written at the top of lanes.yml, in a configuration or a lane: what survives from
/// one build to the next. The nearest one replaces the others whole, as `xcode:` does.
public struct BuildCacheSettings: Sendable, Hashable {
    /// Xcode's compilation cache (`COMPILATION_CACHE_ENABLE_CACHING`), kept per project and
    /// Xcode build outside the run folder.
    public var compilation: Bool
    /// Swift packages cloned into one folder per project (`-clonedSourcePackagesDirPath`),
    /// resolved only from `Package.resolved`.
    public var packages: Bool
    /// `COMPILATION_CACHE_LIMIT_SIZE`; nil leaves Xcode's default (half the free disk).
    public var limit: ByteSize?
    public var location: SourceLocation?

    public init(compilation: Bool = false, packages: Bool = false, limit: ByteSize? = nil, location: SourceLocation? = nil) {
        self.compilation = compilation
        self.packages = packages
        self.limit = limit
        self.location = location
    }

    /// Whether it keeps anything at all.
    public var keepsAnything: Bool { compilation || packages }
}
