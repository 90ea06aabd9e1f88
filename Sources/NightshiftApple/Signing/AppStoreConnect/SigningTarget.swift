/// What one configuration signs, as the project and lanes.yml say it: the input of a plan.
public struct SigningTarget: Sendable, Hashable {
    public var configuration: String
    /// The entry of `codesigning.private_keys` that `certificate:` names.
    public var keyName: String
    /// That entry's PEM: a secret.
    public var keyPEM: String
    /// `provisioning_profile:`: the name of the app's profile.
    public var profileName: String
    public var exportMethod: String
    /// The configuration's `app_identifier`: its profile is the one named `profileName`.
    public var appIdentifier: String
    /// Every bundle id the scheme signs (the app, its extensions, its watch app), each with its
    /// `PLATFORM_NAME`.
    public var bundles: [Bundle]

    public struct Bundle: Sendable, Hashable {
        public var identifier: String
        public var platform: String

        public init(identifier: String, platform: String) {
            self.identifier = identifier
            self.platform = platform
        }
    }

    public init(
        configuration: String, keyName: String, keyPEM: String, profileName: String, exportMethod: String, appIdentifier: String,
        bundles: [Bundle]
    ) {
        self.configuration = configuration
        self.keyName = keyName
        self.keyPEM = keyPEM
        self.profileName = profileName
        self.exportMethod = exportMethod
        self.appIdentifier = appIdentifier
        self.bundles = bundles
    }

    /// The profile name for `bundleID`: the configuration's own for the app, and for every other
    /// bundle id the same followed by that id, so each name is unique and says what it is for.
    public func profileName(for bundleID: String) -> String {
        bundleID == appIdentifier ? profileName : "\(profileName) \(bundleID)"
    }
}
