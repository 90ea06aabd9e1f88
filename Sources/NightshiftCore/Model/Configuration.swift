/// One named build configuration (staging, production…): what is signed, how, and for whom.
public struct Configuration: Sendable, Hashable {
    public var name: String
    /// `<codesigning.path>/<certificate>.p12`
    public var certificate: Template
    /// `<codesigning.path>/<provisioning_profile>.mobileprovision`
    public var provisioningProfile: Template
    /// The Xcode build configuration (`-configuration`).
    public var buildConfiguration: Template
    public var appIdentifier: Template
    /// ExportOptions.plist `method`: app-store, ad-hoc, enterprise, development…
    public var exportMethod: Template
    public var teamID: Template?
    /// Extra ExportOptions.plist keys, as the user wrote them.
    public var exportOptions: [String: PlistValue]
    /// `<codesigning.path>/<installer_certificate>.p12`: the Developer ID Installer identity a
    /// `package: { pkg: … }` signs with; nil when the configuration makes no installer package.
    public var installerCertificate: Template?
    /// `profiles:`: bundle id → the profile of that bundle (an extension, a watch app), named as
    /// `provisioning_profile` is. A signed bundle not listed gets the signing folder's profile
    /// that fits it (`BundleProfileMatcher`).
    public var profiles: [String: Template]
    /// `xcode:`: the Xcode of lanes using this configuration that name none themselves.
    public var xcode: XcodeRequirement?
    /// `cache:`: what the builds of lanes using this configuration keep, unless a lane says.
    public var cache: BuildCacheSettings?
    public var location: SourceLocation?

    public init(
        name: String, certificate: Template, provisioningProfile: Template, buildConfiguration: Template,
        appIdentifier: Template, exportMethod: Template, teamID: Template? = nil,
        exportOptions: [String: PlistValue] = [:], installerCertificate: Template? = nil, profiles: [String: Template] = [:],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.certificate = certificate
        self.provisioningProfile = provisioningProfile
        self.buildConfiguration = buildConfiguration
        self.appIdentifier = appIdentifier
        self.exportMethod = exportMethod
        self.teamID = teamID
        self.exportOptions = exportOptions
        self.installerCertificate = installerCertificate
        self.profiles = profiles
        self.location = location
    }

    /// The variables a step of a lane using this configuration sees.
    public func environmentVariables(resolve: (Template) -> String) -> [String: String] {
        var values = [
            NightshiftVariable.configuration.name: name,
            NightshiftVariable.certificate.name: resolve(certificate),
            NightshiftVariable.provisioningProfile.name: resolve(provisioningProfile),
            NightshiftVariable.buildConfiguration.name: resolve(buildConfiguration),
            NightshiftVariable.appIdentifier.name: resolve(appIdentifier),
            NightshiftVariable.exportMethod.name: resolve(exportMethod),
        ]
        if let teamID { values[NightshiftVariable.teamID.name] = resolve(teamID) }
        return values
    }
}

/// A property-list value written in YAML (for `export_options:`).
public indirect enum PlistValue: Sendable, Hashable {
    case string(Template)
    case bool(Bool)
    case integer(Int)
    case array([PlistValue])
    case dictionary([String: PlistValue])
}
