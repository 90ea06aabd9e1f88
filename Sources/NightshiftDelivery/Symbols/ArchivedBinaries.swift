import Foundation

/// A Mach-O file of an archived app that crash reports can name: the app's executable, a
/// framework's, a dylib, an extension's.
struct ArchivedBinary: Sendable, Hashable {
    /// What a user recognises: `App.app`, `Analytics.framework`, `Widget.appex`, `libz.dylib`.
    var name: String
    var path: String
}

/// The Mach-O binaries of an archived `.app`, read from its folders: the bundle's executable
/// (`CFBundleExecutable`), then, recursively, what it embeds (`Frameworks/*.framework` and
/// `*.dylib`, `PlugIns/*.appex`, `Extensions/*.appex`, `Watch/*.app`, `AppClips/*.app`). A macOS
/// bundle keeps them under `Contents/` (`Contents/MacOS/<executable>`).
enum ArchivedBinaries {
    static let embeddedBundles: [(folder: String, suffix: String)] = [
        ("Frameworks", ".framework"), ("PlugIns", ".appex"), ("Extensions", ".appex"), ("Watch", ".app"), ("AppClips", ".app"),
    ]

    static func of(app: String) -> [ArchivedBinary] {
        var binaries: [ArchivedBinary] = []
        collect(bundle: app, into: &binaries)
        return binaries
    }

    private static func collect(bundle: String, into binaries: inout [ArchivedBinary]) {
        let name = lastComponent(bundle)
        let contents = "\(bundle)/Contents"
        let isMacBundle = FileManager.default.fileExists(atPath: "\(contents)/Info.plist")
        let base = isMacBundle ? contents : bundle
        if let executable = executable(of: bundle, infoPlist: "\(base)/Info.plist", isMacBundle: isMacBundle) {
            binaries.append(ArchivedBinary(name: name, path: executable))
        }
        for (folder, suffix) in embeddedBundles {
            for entry in entries(of: "\(base)/\(folder)") {
                if entry.hasSuffix(suffix) {
                    collect(bundle: "\(base)/\(folder)/\(entry)", into: &binaries)
                } else if folder == "Frameworks", entry.hasSuffix(".dylib") {
                    binaries.append(ArchivedBinary(name: entry, path: "\(base)/\(folder)/\(entry)"))
                }
            }
        }
    }

    /// The bundle's `CFBundleExecutable`, else a file named like the bundle; nil for a bundle
    /// without code (a resource bundle).
    private static func executable(of bundle: String, infoPlist: String, isMacBundle: Bool) -> String? {
        let plist = FileManager.default.contents(atPath: infoPlist).flatMap {
            try? PropertyListSerialization.propertyList(from: $0, options: [], format: nil) as? [String: Any]
        }
        let file = lastComponent(bundle)
        let stem = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        let name = (plist?["CFBundleExecutable"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? stem
        // A macOS framework keeps its binary in Versions/A, linked from the top.
        let candidates = isMacBundle ? ["\(bundle)/Contents/MacOS/\(name)"] : ["\(bundle)/\(name)", "\(bundle)/Versions/Current/\(name)"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
