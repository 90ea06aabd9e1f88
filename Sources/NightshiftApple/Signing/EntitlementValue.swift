internal import Foundation

/// One entitlement's value, in a profile or an entitlements file. Only strings, lists of
/// strings and booleans are compared; anything else is kept as present.
public enum EntitlementValue: Sendable, Hashable {
    case string(String)
    case strings([String])
    case bool(Bool)
    case other

    init(propertyList value: Any) {
        switch value {
        // Checked before String: a property list's <true/> bridges to NSNumber, never to String.
        case let flag as Bool where !(value is String): self = .bool(flag)
        case let text as String: self = .string(text)
        case let list as [Any]: self = .strings(list.compactMap { $0 as? String })
        default: self = .other
        }
    }

    /// The strings it holds: one for a string, each of a list.
    public var strings: [String] {
        switch self {
        case .string(let text): [text]
        case .strings(let list): list
        case .bool, .other: []
        }
    }
}
