import Foundation
import NightshiftCore
import NightshiftSchema
public import NightshiftSystem

/// What App Store Connect needs to know of an .ipa before it takes the bytes: the version, the
/// build number and the bundle id from `Payload/<Name>.app/Info.plist`.
///
/// The archive is read by `unzip` through the injected shell rather than by a zip reader of our
/// own: `/usr/bin/unzip` ships with macOS (Info-ZIP 6.0) and with every Linux CI image that has
/// `zip`, and it handles ZIP64 and the data descriptors Xcode writes.
public struct IPABundleInfo: Sendable, Hashable {
    public var shortVersion: String
    public var version: String
    public var bundleID: String

    public init(shortVersion: String, version: String, bundleID: String) {
        self.shortVersion = shortVersion
        self.version = version
        self.bundleID = bundleID
    }

    /// `1.4.0 (812)`, as App Store Connect shows a build.
    public var displayVersion: String { "\(shortVersion) (\(version))" }

    /// Largest Info.plist taken: real ones are a few kilobytes.
    static let maximumPlistSize = 4 << 20

    /// Reads `ipa`'s main Info.plist (the one directly in `Payload/*.app/`, not an extension's).
    public static func read(ipa: String, shell: any ShellRunner) async throws -> IPABundleInfo {
        let listing = try await output(of: ShellCommand("unzip", ["-Z1", ipa]), shell: shell, what: "list the contents of \(ipa)")
        let entries = String(decoding: listing, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        guard let entry = mainInfoPlist(in: entries) else {
            throw UploadError(.testflight, "'\(ipa)' has no Payload/<Name>.app/Info.plist: is it an .ipa?", reason: .missingFile)
        }
        // `unzip -p` treats `[`, `*` and `?` in a name as a pattern; `\` quotes them.
        let quoted = entry.replacing(/[\[\]*?\\]/) { "\\" + $0.output }
        let plist = try await output(of: ShellCommand("unzip", ["-p", ipa, quoted]), shell: shell, what: "read \(entry) from \(ipa)")
        return try parse(plist, entry: entry)
    }

    /// `Payload/X.app/Info.plist`: exactly three path components, the middle one an .app.
    static func mainInfoPlist(in entries: [String]) -> String? {
        entries.first { entry in
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 3 && parts[0] == "Payload" && parts[1].hasSuffix(".app") && parts[2] == "Info.plist"
        }
    }

    /// An XML or binary property list; PropertyListSerialization reads both.
    static func parse(_ bytes: [UInt8], entry: String) throws -> IPABundleInfo {
        let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        guard let dictionary = object as? [String: Any] else {
            throw UploadError(.testflight, "\(entry) is not a property list", reason: .invalidSetting)
        }
        func value(_ key: String) throws -> String {
            guard let text = dictionary[key] as? String, !text.isEmpty else {
                throw UploadError(.testflight, "\(entry) has no \(key)", reason: .invalidSetting)
            }
            return text
        }
        return IPABundleInfo(
            shortVersion: try value("CFBundleShortVersionString"), version: try value("CFBundleVersion"),
            bundleID: try value("CFBundleIdentifier"))
    }

    private static func output(of command: ShellCommand, shell: any ShellRunner, what: String) async throws -> [UInt8] {
        let collected = OutputCollector(limit: maximumPlistSize * 4)
        let termination = try await shell.run(command) { channel, bytes in await collected.add(channel, bytes) }
        guard termination.succeeded else {
            let detail = await collected.errorText
            throw UploadError(
                .testflight, "cannot \(what): unzip \(termination)" + (detail.isEmpty ? "" : ": \(detail)"), reason: .missingFile)
        }
        return await collected.standardOutput
    }
}

/// A command's standard output, capped, and the start of its standard error for messages.
private actor OutputCollector {
    let limit: Int
    private(set) var standardOutput: [UInt8] = []
    private var standardError: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    func add(_ channel: OutputChannel, _ bytes: [UInt8]) {
        switch channel {
        case .standardOutput: if standardOutput.count < limit { standardOutput += bytes.prefix(limit - standardOutput.count) }
        case .standardError: if standardError.count < 2048 { standardError += bytes.prefix(2048 - standardError.count) }
        }
    }

    var errorText: String { String(decoding: standardError, as: UTF8.self).trimmingWhitespace }
}
