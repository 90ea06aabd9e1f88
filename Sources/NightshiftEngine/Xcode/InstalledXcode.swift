import Foundation
public import NightshiftCore

/// An Xcode found on the machine, known by its bundle's plists, never by its file name.
public struct InstalledXcode: Sendable, Hashable {
    /// The `.app` folder.
    public var app: String
    /// `Contents/Info.plist` `CFBundleShortVersionString`: `26.2`, `26.1.1` (no beta number).
    public var version: XcodeVersion
    /// `Contents/version.plist` `ProductBuildVersion`: `17C52`.
    public var build: String
    /// `CFBundleIconName` is `XcodeBeta` (how XcodesApp tells a beta).
    public var isBeta: Bool
    /// Only the file name can carry a beta's number (`Xcode-27.0.0-Beta.3.app`, `Xcode_26.5.0-beta3.app`).
    public var betaNumber: Int?

    public init(app: String, version: XcodeVersion, build: String, isBeta: Bool, betaNumber: Int? = nil) {
        self.app = app
        self.version = version
        self.build = build
        self.isBeta = isBeta
        self.betaNumber = isBeta ? betaNumber : nil
    }

    /// What `DEVELOPER_DIR` is set to: the value fastlane's `xcodes` and runner images use.
    public var developerDirectory: String { app + "/Contents/Developer" }

    /// `26.2`, `27.0 beta 3`, `27.0 beta` when the number is unknown.
    public var versionName: String {
        let number = version.components.map(String.init).joined(separator: ".")
        guard isBeta else { return number }
        return betaNumber.map { "\(number) beta \($0)" } ?? "\(number) beta"
    }

    /// `Xcode 26.2 (17C52)`.
    public var displayName: String { "Xcode \(versionName) (\(build))" }

    /// Newer first: by version, a release before its betas, then by beta number and build.
    static func newerFirst(_ lhs: InstalledXcode, _ rhs: InstalledXcode) -> Bool {
        if lhs.version.padded(to: 3) != rhs.version.padded(to: 3) { return XcodeVersion.numerically(rhs.version, lhs.version) }
        if lhs.isBeta != rhs.isBeta { return !lhs.isBeta }
        if (lhs.betaNumber ?? 0) != (rhs.betaNumber ?? 0) { return (lhs.betaNumber ?? 0) > (rhs.betaNumber ?? 0) }
        if lhs.build != rhs.build { return lhs.build.compare(rhs.build, options: .numeric) == .orderedDescending }
        return lhs.app < rhs.app
    }
}
