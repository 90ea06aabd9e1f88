extension AppProject {
    /// Reads `container` through `survey`: the listing, the app scheme (`scheme`, or the one
    /// scheme that builds an app), the build configurations and each one's settings.
    public static func read(
        _ container: XcodeProjectSurvey.Container, scheme requested: String?, through survey: XcodeProjectSurvey
    ) async throws -> AppProject {
        let listing = try await survey.listing(container)
        let (scheme, defaultSettings) = try await appScheme(requested, of: listing, container: container, survey: survey)
        var configurations = listing.configurations
        if configurations.isEmpty {
            // A workspace lists no configurations: its app's project does.
            let app = try appTarget(in: defaultSettings, scheme: scheme)
            if let path = app.settings["PROJECT_FILE_PATH"] {
                configurations = try await survey.listing(.project(path)).configurations
            }
        }
        guard let roles = BuildConfigurationRoles.pick(configurations) else {
            throw Problem("\(container.path) lists no build configurations")
        }
        let production = try await build(roles.production, container: container, scheme: scheme, survey: survey)
        let staging =
            roles.staging == roles.production
            ? production : try await build(roles.staging, container: container, scheme: scheme, survey: survey)
        return AppProject(
            container: container, scheme: scheme, buildConfigurations: configurations, staging: staging, production: production)
    }

    private static func appScheme(
        _ requested: String?, of listing: XcodeListing, container: XcodeProjectSurvey.Container, survey: XcodeProjectSurvey
    ) async throws -> (String, XcodeProjectSurvey.SchemeSettings) {
        if let requested {
            guard listing.schemes.contains(requested) else {
                throw Problem(
                    "\(container.path) has no shared scheme '\(requested)'",
                    notes: ["its schemes: \(listing.schemes.joined(separator: ", "))"])
            }
            let settings = try await survey.settings(container, scheme: requested, configuration: nil)
            _ = try appTarget(in: settings, scheme: requested)
            return (requested, settings)
        }
        var apps: [(String, XcodeProjectSurvey.SchemeSettings)] = []
        for scheme in listing.schemes {
            let settings = try await survey.settings(container, scheme: scheme, configuration: nil)
            if isAppScheme(scheme, settings) { apps.append((scheme, settings)) }
        }
        guard let only = apps.first, apps.count == 1 else {
            if apps.isEmpty {
                throw Problem(
                    "no shared scheme of \(container.path) builds an app",
                    notes: [
                        "schemes: \(listing.schemes.isEmpty ? "none" : listing.schemes.joined(separator: ", "))",
                        "share the app's scheme in Xcode (Manage Schemes… > Shared), or name it with --scheme",
                    ])
            }
            throw Problem(
                "several schemes of \(container.path) build an app: \(apps.map(\.0).joined(separator: ", "))",
                notes: ["name one with --scheme, e.g. --scheme '\(apps[0].0)'"])
        }
        return only
    }

    /// A scheme that builds an app, unless it is named after another target it builds: an
    /// extension's scheme builds its host app too, but is the extension's.
    static func isAppScheme(_ scheme: String, _ settings: XcodeProjectSurvey.SchemeSettings) -> Bool {
        settings.targets.contains(where: \.isApplication)
            && !settings.targets.contains { $0.target == scheme && !$0.isApplication }
    }

    /// The scheme's app: the target named like the scheme, else its first app for a phone, a
    /// Mac, a TV or Vision Pro (a watch app is an app the phone app carries).
    static func appTarget(in settings: XcodeProjectSurvey.SchemeSettings, scheme: String) throws -> XcodeProjectSurvey.TargetSettings {
        let apps = settings.targets.filter(\.isApplication)
        if let named = apps.first(where: { $0.target == scheme }) { return named }
        if let app = apps.first(where: { !($0.settings["PLATFORM_NAME"] ?? "").hasPrefix("watch") }) ?? apps.first { return app }
        throw Problem("scheme '\(scheme)' builds no app", notes: ["name the app's scheme with --scheme"])
    }

    private static func build(
        _ configuration: String, container: XcodeProjectSurvey.Container, scheme: String, survey: XcodeProjectSurvey
    ) async throws -> Build {
        let settings = try await survey.settings(container, scheme: scheme, configuration: configuration)
        let app = try appTarget(in: settings, scheme: scheme)
        guard let identifier = app.settings["PRODUCT_BUNDLE_IDENTIFIER"], !identifier.isEmpty else {
            throw Problem("target '\(app.target)' has no PRODUCT_BUNDLE_IDENTIFIER in \(configuration)")
        }
        let team = app.settings["DEVELOPMENT_TEAM"].flatMap { $0.isEmpty ? nil : $0 }
        return Build(
            buildConfiguration: configuration, appIdentifier: identifier, teamID: team,
            platform: app.settings["PLATFORM_NAME"] ?? "iphoneos", bundles: try settings.signedBundles(appIdentifier: identifier))
    }
}
