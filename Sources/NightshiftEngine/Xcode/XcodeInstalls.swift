/// The Xcodes on the machine. Behind a protocol so tests find fake installs (or none) without
/// the machine's `/Applications`.
public protocol XcodeInstalls: Sendable {
    /// Every Xcode in the searched folders, and the folders searched (for the message of a miss).
    func search() -> XcodeSearch
    /// The Xcode at `path` (an `.app`, or its `Contents/Developer`), or why it is not one.
    func install(at path: String) -> Result<InstalledXcode, XcodeInstallProblem>
}

/// What a search of the install folders found.
public struct XcodeSearch: Sendable, Hashable {
    public var installs: [InstalledXcode]
    public var folders: [String]

    public init(installs: [InstalledXcode], folders: [String]) {
        self.installs = installs
        self.folders = folders
    }
}

/// Why a folder is not an Xcode nightshift can use.
public struct XcodeInstallProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
