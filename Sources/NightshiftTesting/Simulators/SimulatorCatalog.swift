public import Foundation

/// What `xcrun simctl list --json` says exists: device types, runtimes and devices. Parsed, never
/// matched as text (key order and indentation differ between Xcode versions); unknown keys are
/// ignored, and a runtime or device type missing a key it needs is left out, not fatal.
public struct SimulatorCatalog: Sendable, Hashable {
    public struct DeviceType: Sendable, Hashable {
        public var name: String
        public var identifier: String
        /// `iPhone`, `iPad`, `Apple TV`, `Apple Watch`…; nil when not said.
        public var productFamily: String?
    }

    public struct Runtime: Sendable, Hashable {
        public var name: String
        public var identifier: String
        /// `18.2`.
        public var version: String
        /// `iOS`; from the name (`iOS 18.2`) when the key is missing (before Xcode 13).
        public var platform: String
        public var isAvailable: Bool
        /// The device type identifiers it runs; nil when the list is not given (any, then).
        public var supportedDeviceTypes: Set<String>?

        public func runs(_ deviceType: DeviceType) -> Bool { supportedDeviceTypes?.contains(deviceType.identifier) ?? true }
    }

    public struct Device: Sendable, Hashable {
        public var udid: String
        public var name: String
        public var runtime: String
    }

    public var deviceTypes: [DeviceType]
    public var runtimes: [Runtime]
    public var devices: [Device]

    public init(deviceTypes: [DeviceType] = [], runtimes: [Runtime] = [], devices: [Device] = []) {
        self.deviceTypes = deviceTypes
        self.runtimes = runtimes
        self.devices = devices
    }

    /// nil when `data` is not the JSON object simctl prints.
    public init?(json data: Data) {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        deviceTypes = (root["devicetypes"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let name = entry["name"] as? String, let identifier = entry["identifier"] as? String else { return nil }
            return DeviceType(name: name, identifier: identifier, productFamily: entry["productFamily"] as? String)
        }
        runtimes = (root["runtimes"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let name = entry["name"] as? String, let identifier = entry["identifier"] as? String,
                let version = entry["version"] as? String
            else { return nil }
            let platform = entry["platform"] as? String ?? String(name.split(separator: " ").first ?? "")
            let supported = (entry["supportedDeviceTypes"] as? [[String: Any]]).map { Set($0.compactMap { $0["identifier"] as? String }) }
            return Runtime(
                name: name, identifier: identifier, version: version, platform: platform,
                isAvailable: entry["isAvailable"] as? Bool ?? true, supportedDeviceTypes: supported)
        }
        var devices: [Device] = []
        for (runtime, list) in root["devices"] as? [String: Any] ?? [:] {
            for entry in list as? [[String: Any]] ?? [] {
                guard let udid = entry["udid"] as? String, let name = entry["name"] as? String else { continue }
                devices.append(Device(udid: udid, name: name, runtime: runtime))
            }
        }
        self.devices = devices.sorted { ($0.name, $0.udid) < ($1.name, $1.udid) }
    }
}

extension SimulatorCatalog.Runtime {
    /// `18.2` before `18.10`: numerically, part by part.
    static func isOlder(_ lhs: String, than rhs: String) -> Bool {
        let left = lhs.split(separator: ".").map { Int($0) ?? 0 }
        let right = rhs.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let (a, b) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
            if a != b { return a < b }
        }
        return false
    }
}
