/// Whether a profile's application identifier covers an app: `TEAM.com.example.app` exactly,
/// `TEAM.*` every app of the team, `TEAM.com.example.*` everything under that prefix.
public enum AppIdentifierPattern {
    /// `profileIdentifier` is the profile's entitlement (team prefix included); `bundleIdentifier`
    /// is the configuration's `app_identifier`, with or without the team prefix.
    public static func matches(_ profileIdentifier: String, team: String, bundleIdentifier: String) -> Bool {
        let prefix = team + "."
        let pattern = profileIdentifier.hasPrefix(prefix) ? String(profileIdentifier.dropFirst(prefix.count)) : profileIdentifier
        let bundle = bundleIdentifier.hasPrefix(prefix) ? String(bundleIdentifier.dropFirst(prefix.count)) : bundleIdentifier
        guard pattern.hasSuffix("*") else { return pattern == bundle }
        let stem = pattern.dropLast()
        // `com.example.*` covers `com.example.app` but not `com.example.` itself nor `com.examples`.
        return bundle.hasPrefix(stem) && bundle.count > stem.count
    }
}
