public import Foundation

/// What a target's entitlements file (`CODE_SIGN_ENTITLEMENTS`) asks for, its `$(NAME)`s
/// expanded with the target's build settings as Xcode expands them when it signs
/// (`AppIdentifierPrefix` and `TeamIdentifierPrefix` are the team id and a dot).
public struct RequestedEntitlements: Sendable, Hashable {
    public var values: [String: EntitlementValue]

    public init(values: [String: EntitlementValue]) {
        self.values = values
    }

    public init(propertyList data: Data, settings: [String: String], team: String?) throws {
        guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        var variables = settings
        if let team, !team.isEmpty {
            variables["AppIdentifierPrefix"] = team + "."
            variables["TeamIdentifierPrefix"] = team + "."
        }
        values = dictionary.mapValues { value in
            switch EntitlementValue(propertyList: value) {
            case .string(let text): .string(SettingExpansion.expand(text, with: variables))
            case .strings(let list): .strings(list.map { SettingExpansion.expand($0, with: variables) })
            case let other: other
            }
        }
    }

    /// The entitlements only a provisioning profile can grant (Apple TN3125): Apple's
    /// `com.apple.developer.*`, push, keychain sharing and, except a Mac app's own team-prefixed
    /// ones, App Groups. A Mac's sandbox and hardened-runtime keys need none.
    public func restricted(onMac: Bool, team: String?) -> [String: EntitlementValue] {
        values.filter { key, value in
            switch key {
            case "aps-environment", "keychain-access-groups": return true
            case "com.apple.security.application-groups":
                guard onMac else { return true }
                let prefix = (team ?? "") + "."
                return value.strings.contains { team == nil || !$0.hasPrefix(prefix) }
            default: return key.hasPrefix("com.apple.developer.")
            }
        }
    }

    /// Each restricted entitlement `profile` does not grant, worded for the error: a missing key,
    /// or the values its list lacks. Values are compared as Apple does: a profile's `*` matches
    /// any run of characters (`TEAM.*` grants every keychain group of the team).
    public func notGranted(by profile: ProvisioningProfile, onMac: Bool, team: String?) -> [String] {
        var missing: [String] = []
        for (key, requested) in restricted(onMac: onMac, team: team).sorted(by: { $0.key < $1.key }) {
            guard let granted = profile.entitlements[key] else {
                missing.append(Self.capability(key))
                continue
            }
            // The environment is the profile's to say (development or production): Xcode signs
            // with the profile's value, whatever the file asks for.
            guard !Self.presenceOnly.contains(key) else { continue }
            let patterns = granted.strings
            let lacking = requested.strings.filter { value in !patterns.contains { GlobPattern.matches($0, value) } }
            if !lacking.isEmpty { missing.append("\(Self.capability(key)) for \(lacking.map { "'\($0)'" }.joined(separator: ", "))") }
        }
        return missing
    }

    static let presenceOnly: Set<String> = [
        "aps-environment", "com.apple.developer.aps-environment", "com.apple.developer.icloud-container-environment",
    ]

    /// The capability's name in the developer portal where it has a well-known one.
    static func capability(_ key: String) -> String {
        let names = [
            "com.apple.security.application-groups": "App Groups",
            "aps-environment": "Push Notifications",
            "com.apple.developer.aps-environment": "Push Notifications",
            "com.apple.developer.associated-domains": "Associated Domains",
            "keychain-access-groups": "Keychain Sharing",
            "com.apple.developer.icloud-container-identifiers": "iCloud",
            "com.apple.developer.icloud-services": "iCloud",
            "com.apple.developer.ubiquity-container-identifiers": "iCloud",
            "com.apple.developer.ubiquity-kvstore-identifier": "iCloud (key-value storage)",
            "com.apple.developer.applesignin": "Sign in with Apple",
            "com.apple.developer.in-app-payments": "Apple Pay",
            "com.apple.developer.healthkit": "HealthKit",
        ]
        return names[key].map { "\($0) (\(key))" } ?? key
    }
}

/// `$(NAME)` and `${NAME}` in a value, replaced by the setting's value (empty when unset, as
/// Xcode does). Settings from `-showBuildSettings` are already resolved, so one pass suffices;
/// the operators an entitlements file uses on them are applied.
enum SettingExpansion {
    static func expand(_ text: String, with settings: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, let close = closing(for: rest[after]),
                let end = rest[after...].firstIndex(of: close)
            else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let reference = rest[rest.index(after: after)..<end].split(separator: ":", omittingEmptySubsequences: false)
            var value = settings[String(reference.first ?? "")] ?? ""
            for operation in reference.dropFirst() { value = apply(String(operation), to: value) }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func closing(for character: Character) -> Character? {
        switch character {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }

    private static func apply(_ operation: String, to value: String) -> String {
        switch operation {
        case "lower": value.lowercased()
        case "upper": value.uppercased()
        case "c99extidentifier", "identifier": BuildSettingMacro.c99ExtendedIdentifier(value)
        case "rfc1034identifier":
            String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        default: value
        }
    }
}

/// A profile's entitlement value as a pattern: `*` matches any run of characters.
enum GlobPattern {
    static func matches(_ pattern: String, _ value: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == value }
        guard value.hasPrefix(parts[0]), value.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = Substring(value.dropFirst(parts[0].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }
}
