import Foundation

/// A fake Xcode install on disk, as `DiskXcodeInstalls` reads one: `Contents/Info.plist`,
/// `Contents/version.plist` and a `Contents/Developer` whose `usr/bin` tools (links to
/// `FakeTools/xcode-developer-tool`) report this Xcode's version, log DEVELOPER_DIR and list the
/// simulator runtimes in `Contents/Developer/fake-runtimes.json`.
public struct FakeXcodeApp {
    public let app: String

    /// `binary`: write Info.plist as a binary property list (Xcode's own format was not confirmed).
    @discardableResult
    public init(
        in folder: String, name: String, version: String, build: String, beta: Bool = false, runtimes: [String] = [], binary: Bool = false,
        tools: String? = nil
    ) throws {
        app = folder + "/" + name
        let developer = app + "/Contents/Developer"
        try FileManager.default.createDirectory(atPath: developer + "/usr/bin", withIntermediateDirectories: true)
        let info: [String: Any] = [
            "CFBundleIdentifier": "com.apple.dt.Xcode", "CFBundleShortVersionString": version,
            "CFBundleIconName": beta ? "XcodeBeta" : "Xcode", "CFBundleName": "Xcode",
        ]
        try PropertyListSerialization.data(fromPropertyList: info, format: binary ? .binary : .xml, options: 0)
            .write(to: URL(fileURLWithPath: app + "/Contents/Info.plist"))
        let versionPlist: [String: Any] = ["CFBundleShortVersionString": version, "ProductBuildVersion": build]
        try PropertyListSerialization.data(fromPropertyList: versionPlist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: app + "/Contents/version.plist"))
        let entries = runtimes.map { name in
            let parts = name.split(separator: " ")
            return
                #"{ "buildversion" : "23B80", "platform" : "\#(parts[0])", "identifier" : "com.apple.CoreSimulator.SimRuntime.\#(parts[0])-\#(parts[1].replacingOccurrences(of: ".", with: "-"))", "version" : "\#(parts[1])", "isInternal" : false, "isAvailable" : true, "name" : "\#(name)", "supportedDeviceTypes" : [ ] }"#
        }
        try #"{ "runtimes" : [ \#(entries.joined(separator: ", ")) ] }"#.write(
            toFile: developer + "/fake-runtimes.json", atomically: true, encoding: .utf8)
        if let tools {
            for tool in ["xcrun", "xcodebuild"] {
                try FileManager.default.createSymbolicLink(
                    atPath: developer + "/usr/bin/" + tool, withDestinationPath: tools + "/xcode-developer-tool")
            }
        }
    }
}
