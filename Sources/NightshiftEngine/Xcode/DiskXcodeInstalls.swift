import Foundation
import NightshiftCore
public import NightshiftSystem

/// The Xcodes in `/Applications` and `~/Applications`, or in the folders of
/// `NIGHTSHIFT_XCODE_SEARCH_PATH` (colon-separated). Every `.app` whose Info.plist says
/// `com.apple.dt.Xcode` counts, whatever its name; a link to one already found is not listed twice.
public struct DiskXcodeInstalls: XcodeInstalls {
    public static let searchPathVariable = "NIGHTSHIFT_XCODE_SEARCH_PATH"
    let folders: [String]
    let files: any FileReading

    public init(environment: EnvironmentVariables, files: any FileReading = DiskFiles()) {
        if let path = environment[Self.searchPathVariable], !path.isEmpty {
            folders = path.split(separator: ":").map(String.init)
        } else {
            folders = ["/Applications"] + (environment["HOME"].map { ["\($0)/Applications"] } ?? [])
        }
        self.files = files
    }

    public func search() -> XcodeSearch {
        var seen: Set<String> = []
        var installs: [InstalledXcode] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".app") {
                let app = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                let real = URL(fileURLWithPath: app).resolvingSymlinksInPath().path
                guard !seen.contains(real), case .success(let install) = install(at: app) else { continue }
                seen.insert(real)
                installs.append(install)
            }
        }
        return XcodeSearch(installs: installs, folders: folders)
    }

    public func install(at path: String) -> Result<InstalledXcode, XcodeInstallProblem> {
        let app = Self.app(of: path)
        guard let info = plist(app + "/Contents/Info.plist") else {
            return .failure(XcodeInstallProblem("\(app) is not an Xcode: no readable Contents/Info.plist"))
        }
        guard info["CFBundleIdentifier"] as? String == "com.apple.dt.Xcode" else {
            return .failure(XcodeInstallProblem("\(app) is not an Xcode: its Info.plist's CFBundleIdentifier is not com.apple.dt.Xcode"))
        }
        guard let versionText = info["CFBundleShortVersionString"] as? String, let version = XcodeVersion(parsing: versionText),
            version.beta == nil
        else {
            return .failure(XcodeInstallProblem("\(app): its Info.plist has no version (CFBundleShortVersionString)"))
        }
        guard let build = plist(app + "/Contents/version.plist")?["ProductBuildVersion"] as? String, !build.isEmpty else {
            return .failure(XcodeInstallProblem("\(app): no build (ProductBuildVersion) in Contents/version.plist"))
        }
        let isBeta = info["CFBundleIconName"] as? String == "XcodeBeta"
        return .success(
            InstalledXcode(app: app, version: version, build: build, isBeta: isBeta, betaNumber: XcodeFileName.betaNumber(in: app)))
    }

    /// `…/Xcode.app/Contents/Developer` (what DEVELOPER_DIR holds) names its `.app`.
    static func app(of path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        for suffix in ["/Contents/Developer", "/Contents"] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }

    /// XML or binary: PropertyListSerialization reads both, on Linux too.
    private func plist(_ path: String) -> [String: Any]? {
        guard let absolute = try? AbsolutePath(validating: path), case .bytes(let data) = files.contents(of: absolute) else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
    }
}

/// What an Xcode's file name may say that its plists do not: a beta's number.
enum XcodeFileName {
    /// `Xcode-27.0.0-Beta.3.app`, `Xcode_26.5.0-beta3.app`, `Xcode 27 beta 2.app` → the number.
    static func betaNumber(in app: String) -> Int? {
        let name = (app.split(separator: "/").last.map(String.init) ?? app).lowercased()
        guard let range = name.range(of: "beta") else { return nil }
        let digits = name[range.upperBound...].drop { $0 == "." || $0 == "-" || $0 == "_" || $0 == " " }.prefix {
            $0.isASCII && $0.isNumber
        }
        return digits.isEmpty ? nil : Int(digits)
    }
}
