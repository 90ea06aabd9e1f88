import Foundation

/// What `xcrun simctl list runtimes -j` says the selected Xcode can run: `{"runtimes": [{"identifier",
/// "version", "buildversion", "platform", "name", "isAvailable", "availabilityError"…}]}`. Read per
/// Xcode (DEVELOPER_DIR), never from another Xcode's list: a runtime another Xcode uses may not
/// be usable by this one.
struct SimulatorRuntimeList: Sendable, Hashable {
    struct Runtime: Sendable, Hashable {
        var name: String
        var version: String
        var build: String?
        /// `iOS`, `tvOS`, `watchOS`, `visionOS` (`xrOS` in some lists); from the name when absent.
        var platform: String
        var isAvailable: Bool
        /// Why it is not available (`runtime profile not found`), when simctl says.
        var availabilityError: String?
    }

    var runtimes: [Runtime]

    /// nil when `data` is not the object simctl prints.
    init?(json data: Data) {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let entries = root["runtimes"] as? [[String: Any]]
        else { return nil }
        runtimes = entries.compactMap { entry in
            guard let name = entry["name"] as? String, let version = entry["version"] as? String else { return nil }
            return Runtime(
                name: name, version: version, build: entry["buildversion"] as? String,
                platform: entry["platform"] as? String ?? String(name.split(separator: " ").first ?? ""),
                isAvailable: entry["isAvailable"] as? Bool ?? false, availabilityError: entry["availabilityError"] as? String)
        }
    }
}

extension SimulatorRuntimeList.Runtime {
    /// `os: "26"` takes any 26.x, `"26.1"` any 26.1.x; `"iOS 26.1"` reads as `26.1`.
    func matches(_ os: String?) -> Bool {
        guard var wanted = os else { return true }
        if let space = wanted.lastIndex(of: " ") { wanted = String(wanted[wanted.index(after: space)...]) }
        return version == wanted || version.hasPrefix(wanted + ".")
    }

    func runsOn(_ platform: SimulatorPlatform) -> Bool { platform.runtimeNames.contains(self.platform) }
}
