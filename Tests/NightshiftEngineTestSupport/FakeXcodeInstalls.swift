import NightshiftCore
public import NightshiftEngine

/// Xcodes that exist only in a test: what `xcode:` may choose from, without a disk.
public struct FakeXcodeInstalls: XcodeInstalls {
    public var installs: [InstalledXcode]
    public var folders = ["/Applications"]

    public init(_ installs: [InstalledXcode]) {
        self.installs = installs
    }

    public func search() -> XcodeSearch { XcodeSearch(installs: installs, folders: folders) }

    public func install(at path: String) -> Result<InstalledXcode, XcodeInstallProblem> {
        let app = path.hasSuffix("/Contents/Developer") ? String(path.dropLast("/Contents/Developer".count)) : path
        guard let install = installs.first(where: { $0.app == app }) else { return .failure(XcodeInstallProblem("\(app) is not an Xcode")) }
        return .success(install)
    }

    /// `Xcode 26.2 (17C52)` at `/Applications/Xcode_26.2.app`, and so on: a machine with several.
    public static let machine = FakeXcodeInstalls([
        xcode("26.1.1", "17B100", app: "/Applications/Xcode_26.1.1.app"),
        xcode("26.2", "17C52", app: "/Applications/Xcode_26.2.app"),
        xcode("26.2.1", "17C60", app: "/Applications/Xcode-26.2.1.app"),
        xcode("27.0", "18A5310h", app: "/Applications/Xcode-27.0.0-Beta.3.app", beta: 3),
    ])

    public static func xcode(_ version: String, _ build: String, app: String, beta: Int? = nil) -> InstalledXcode {
        InstalledXcode(
            app: app, version: XcodeVersion(parsing: version)!, build: build, isBeta: beta != nil, betaNumber: beta)
    }
}
