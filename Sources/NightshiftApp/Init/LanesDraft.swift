import NightshiftApple

/// The lanes.yml `nightshift init` writes for an app's project: a `staging` and a `production`
/// configuration from its build configurations, and the lanes `test` and `beta`, with comments
/// saying what to change. It validates and dry-runs as written (with `.env.example`).
struct LanesDraft {
    var project: AppProject
    /// The Xcode container as the lanes file reaches it (relative to the lanes file's folder).
    var containerPath: String
    /// What the first line names for editors.
    var schemaPath: String

    func text() -> String {
        var lines = [
            "# yaml-language-server: $schema=\(schemaPath)",
            "# Written by `nightshift init` from \(containerPath) (scheme \(project.scheme)). Next:",
            "#   nightshift validate                            checks this file",
            "#   nightshift run beta --dry-run --env example    shows every command a lane would run",
            "#   nightshift doctor beta                         says what this machine still lacks",
            "# Every key is described in Docs/Reference.md; editors complete them from the schema above",
            "# (.nightshift/ is not committed: after a clone, nightshift schema > \(schemaPath)).",
            "version: 1",
        ]
        lines += projectSection() + codesigningSection() + configurationsSection() + lanesSection()
        return lines.joined(separator: "\n") + "\n"
    }

    private var isMac: Bool { project.production.isMac }

    private func projectSection() -> [String] {
        let key = if case .workspace = project.container { "workspace" } else { "project" }
        var lines = [
            "project:",
            "  name: \(YAMLText.scalar(project.scheme))",
            "  \(key): \(YAMLText.scalar(containerPath))",
            "  scheme: \(YAMLText.scalar(project.scheme))",
        ]
        if let team = project.production.teamID {
            lines.append(Self.commented("  team_id: \(YAMLText.scalar(team))", "the app's DEVELOPMENT_TEAM"))
        } else {
            lines.append(Self.commented("  # team_id: ABCDE12345", "the project sets no DEVELOPMENT_TEAM: name your team here"))
        }
        return lines
    }

    private func codesigningSection() -> [String] {
        [
            Self.commented("secrets: [CERTIFICATE_PASSWORD, KEYCHAIN_PASSWORD]", "masked in every output"),
            "codesigning:",
            "  # A folder of <certificate>.p12 and <profile>.\(isMac ? "provisionprofile" : "mobileprovision") files (Docs/Signing.md);",
            "  # or 'from: appstoreconnect' to make them through App Store Connect's API instead.",
            "  path: ${CODESIGNING_PATH}",
            "  certificate_password: ${CERTIFICATE_PASSWORD}",
            Self.commented("  keychain: { password: \"${KEYCHAIN_PASSWORD}\" }", "a temporary keychain, deleted after the run"),
        ]
    }

    private func configurationsSection() -> [String] {
        let stagingMethod = isMac ? "developer-id" : "ad-hoc"
        var lines = ["configurations:"]
        lines.append(
            isMac
                ? "  # Developer ID builds, for testers outside the Mac App Store."
                : "  # Ad-hoc builds, for the testers' registered devices.")
        lines += configuration(
            "staging", project.staging, method: stagingMethod, certificate: isMac ? "developer_id_application" : "apple_distribution")
        lines.append("  # App Store builds: TestFlight and the App Store take only these.")
        lines += configuration("production", project.production, method: "app-store", certificate: "apple_distribution")
        return lines
    }

    private func configuration(_ name: String, _ build: AppProject.Build, method: String, certificate: String) -> [String] {
        let kind =
            switch method {
            case "developer-id": "DeveloperID"
            case "ad-hoc": "AdHoc"
            default: "AppStore"
            }
        let app = build.bundles.first
        let profileExtension = build.isMac ? "provisionprofile" : "mobileprovision"
        var lines = [
            "  \(name):",
            "    build_configuration: \(YAMLText.scalar(build.buildConfiguration))",
            "    app_identifier: \(YAMLText.scalar(build.appIdentifier))",
            "    export_method: \(method)",
            Self.commented("    certificate: \(certificate)", "<codesigning.path>/\(certificate).p12: rename to your file's name"),
            Self.commented(
                "    provisioning_profile: \(YAMLText.scalar(profileName(app?.target ?? project.scheme, kind)))",
                "<codesigning.path>/<this>.\(profileExtension), or the profile's name"),
        ]
        if let team = build.teamID, team != project.production.teamID {
            lines.append("    team_id: \(YAMLText.scalar(team))")
        }
        let others = build.bundles.dropFirst()
        if !others.isEmpty {
            lines.append(Self.commented("    profiles:", "the other bundles the scheme signs, each with its own profile"))
            for bundle in others {
                lines.append("      \(bundle.identifier): \(YAMLText.scalar(profileName(bundle.target, kind)))")
            }
        }
        return lines
    }

    /// `line`, then `# comment` at the column the file's comments line up at.
    static func commented(_ line: String, _ comment: String) -> String {
        line + String(repeating: " ", count: max(1, 44 - line.count)) + "# " + comment
    }

    private func profileName(_ target: String, _ kind: String) -> String { "\(target) \(kind)" }

    private func lanesSection() -> [String] {
        var lines = [
            "lanes:",
            "  test:",
            "    description: The scheme's tests",
            "    steps:",
        ]
        if isMac {
            lines.append("      - test: { destination: \"platform=macOS\" }")
        } else {
            let device = testDevice
            lines += [
                "      - test:",
                Self.commented(
                    "          destination: { device: \(device) }", "a fresh simulator of the newest runtime; add os: \"18.2\" to pin one"),
            ]
        }
        lines += [
            "  beta:",
            "    description: An App Store build of \(YAMLText.scalar(project.production.buildConfiguration)) on TestFlight",
            "    configuration: production",
            "    steps:",
            Self.commented("      - package", "import the certificate, install the profiles, archive, export"),
            "      - upload:",
            Self.commented("          to: testflight", "reads APP_STORE_CONNECT_API_KEY_KEY_ID, _ISSUER_ID and _KEY (.env.example)"),
        ]
        if let platform = uploadPlatform { lines.append("          platform: \(platform)") }
        return lines
    }

    /// altool's `-t` for apps that are not iOS apps.
    private var uploadPlatform: String? {
        switch project.production.platform {
        case "macosx": "macos"
        case "appletvos": "appletvos"
        case "xros": "visionos"
        default: nil
        }
    }

    private var testDevice: String {
        switch project.production.platform {
        case "appletvos": "Apple TV"
        case "xros": "Apple Vision Pro"
        default: "iPhone 16"
        }
    }
}
