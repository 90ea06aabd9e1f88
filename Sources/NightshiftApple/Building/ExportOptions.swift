public import Foundation
public import NightshiftCore

/// The ExportOptions.plist handed to `xcodebuild -exportArchive`.
public struct ExportOptions: Sendable, Hashable {
    public var method: String
    public var teamID: String?
    /// Bundle identifier → profile name, for every signed bundle.
    public var provisioningProfiles: [String: String]
    /// `export_options:` from lanes.yml, templates resolved.
    public var extra: [String: ExportOptionValue]
    /// The identity to sign with (a common name or SHA-1); nil leaves Xcode's automatic selector
    /// for the method.
    public var signingCertificate: String?

    public init(method: String, teamID: String?, provisioningProfiles: [String: String], extra: [String: ExportOptionValue] = [:]) {
        self.method = method
        self.teamID = teamID
        self.provisioningProfiles = provisioningProfiles
        self.extra = extra
    }

    /// The user's keys first, then ours on top: method, team and style are what the
    /// configuration says. `provisioningProfiles` is merged per bundle, the user's entry winning:
    /// someone who names a bundle's profile there means it.
    public var propertyList: [String: Any] {
        var plist = extra.mapValues(\.propertyListObject)
        var profiles = (plist["provisioningProfiles"] as? [String: Any]) ?? [:]
        for (bundle, name) in provisioningProfiles where profiles[bundle] == nil { profiles[bundle] = name }
        plist["provisioningProfiles"] = profiles
        plist["method"] = method
        plist["signingStyle"] = "manual"
        if let signingCertificate { plist["signingCertificate"] = signingCertificate }
        if let teamID { plist["teamID"] = teamID }
        return plist
    }

    /// XML, so a human can read what was exported with.
    public func xmlData() throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: propertyList, format: .xml, options: 0)
    }
}

/// A resolved `PlistValue`.
public indirect enum ExportOptionValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case array([ExportOptionValue])
    case dictionary([String: ExportOptionValue])

    public init(_ value: PlistValue, resolve: (Template) -> String) {
        switch value {
        case .string(let template): self = .string(resolve(template))
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .integer(number)
        case .array(let values): self = .array(values.map { ExportOptionValue($0, resolve: resolve) })
        case .dictionary(let values): self = .dictionary(values.mapValues { ExportOptionValue($0, resolve: resolve) })
        }
    }

    var propertyListObject: Any {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag
        case .integer(let number): number
        case .array(let values): values.map(\.propertyListObject)
        case .dictionary(let values): values.mapValues(\.propertyListObject)
        }
    }
}
