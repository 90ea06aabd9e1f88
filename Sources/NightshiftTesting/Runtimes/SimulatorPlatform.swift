/// The platform a simulator device type belongs to, as `xcodebuild -downloadPlatform` names it.
enum SimulatorPlatform: String, Sendable, Hashable, CaseIterable {
    case iOS, tvOS, watchOS, visionOS

    /// What simctl's runtime list calls it.
    var runtimeNames: Set<String> {
        switch self {
        case .visionOS: ["visionOS", "xrOS"]
        default: [rawValue]
        }
    }

    /// From the device type's name (`iPhone 17`, `iPad Air 11-inch (M3)`, `Apple TV 4K (3rd
    /// generation)`, `Apple Watch Series 10 (46mm)`, `Apple Vision Pro`); nil for a name that says
    /// no platform, whose runtime is then left for the step to find.
    init?(deviceName: String) {
        let name = deviceName.lowercased()
        if name.hasPrefix("iphone") || name.hasPrefix("ipad") || name.hasPrefix("ipod") {
            self = .iOS
        } else if name.hasPrefix("apple tv") {
            self = .tvOS
        } else if name.hasPrefix("apple watch") {
            self = .watchOS
        } else if name.hasPrefix("apple vision") {
            self = .visionOS
        } else {
            return nil
        }
    }
}
