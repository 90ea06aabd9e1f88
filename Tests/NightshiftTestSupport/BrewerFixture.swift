public import Foundation
import NightshiftSystem

/// The Brewer fixture project (`Tests/Fixtures/Projects/Brewer`: an app with a widget, a
/// notification service, a watch app, an App Clip, a framework, a Swift package with resources
/// and a build-tool plugin) and signing files for it: one identity and one profile per signed
/// bundle, each granting what that bundle's entitlements ask for, as the strict fake
/// `xcodebuild` requires.
public enum BrewerFixture {
    public static let project = SigningFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/Projects/Brewer").path
    /// The Mac fixture: a Developer ID app `works.sth.brewer.mac` with a share extension and a
    /// framework, whose entitlements need no profile.
    public static let macProject = SigningFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/Projects/BrewerMac").path
    public static let team = "ABCDE12345"
    /// The app's profile's UUID (the others' end in their number: …-000000000002).
    public static let appProfileUUID = "6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6"

    /// The signed bundles of a configuration (`Staging`, `Production`, `Debug`): role → bundle id.
    public static func bundleIDs(_ configuration: String) -> [String: String] {
        let app = "works.sth.brewer.\(configuration.lowercased())"
        return [
            "app": app, "widget": "\(app).widget", "notification": "\(app).notificationservice", "watch": "\(app).watchkitapp",
            "clip": "\(app).Clip",
        ]
    }

    /// Copies the project into `folder` (`Brewer.xcworkspace` and `Brewer.xcodeproj` at its top),
    /// where a lane's `workspace: Brewer.xcworkspace` finds it.
    public static func copyProject(into folder: String, from source: String = project) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: source) where entry != "README.md" {
            let destination = "\(folder)/\(entry)"
            if FileManager.default.fileExists(atPath: destination) { try FileManager.default.removeItem(atPath: destination) }
            try FileManager.default.copyItem(atPath: "\(source)/\(entry)", toPath: destination)
        }
    }

    /// Makes `<name>.p12` and `<name>.mobileprovision` (the app's profile, as
    /// `provisioning_profile: <name>` names it) and one `<name>-<role>.mobileprovision` for each
    /// other signed bundle of `configuration`, all of `kind` (`ad-hoc`, `app-store`…), listing
    /// the one identity. `settings` go to every profile (PROFILE_EXPIRY, OTHER_CERT…);
    /// `leaving` names roles to make no profile for; `overrides` replace a role's settings.
    public static func makeSigning(
        in folder: String, name: String = "distribution", configuration: String = "Staging", kind: String = "ad-hoc",
        password: String, settings: [String: String] = [:], leaving: Set<String> = [], overrides: [String: [String: String]] = [:]
    ) async throws {
        let ids = bundleIDs(configuration)
        let groups = "<key>com.apple.security.application-groups</key><array><string>group.works.sth.brewer</string></array>"
        let entitlements = [
            "app": groups + "<key>aps-environment</key><string>production</string>"
                + "<key>com.apple.developer.associated-domains</key><string>*</string>"
                + "<key>keychain-access-groups</key><array><string>\(team).*</string></array>",
            "widget": groups, "notification": groups, "watch": "",
            "clip": "<key>com.apple.developer.associated-domains</key><string>*</string>"
                + "<key>com.apple.developer.parent-application-identifiers</key><array><string>\(team).\(ids["app"] ?? "")</string></array>",
        ]
        var count = 0
        for role in ["app", "widget", "notification", "watch", "clip"] where !leaving.contains(role) {
            count += 1
            var values = [
                "P12_PASSWORD": password, "TEAM_ID": team, "APP_ID": "\(team).\(ids[role] ?? "")", "PROFILE_KIND": kind,
                "PROFILE_NAME": role == "app" ? "Brewer \(configuration)" : "Brewer \(role) \(configuration)",
                "PROFILE_UUID": role == "app" ? appProfileUUID : String(format: "6F1E3C2A-1B2C-4D5E-8F90-%012d", count),
                "PROFILE_FILE": role == "app" ? name : "\(name)-\(role)", "ENTITLEMENTS_XML": entitlements[role] ?? "",
            ]
            if role == "watch" { values["PLATFORM"] = "watchOS" }
            // The identity is made with the first profile and kept for the others.
            if count > 1 { values["KEEP_IDENTITY"] = "1" }
            values.merge(settings) { _, new in new }
            values.merge(overrides[role] ?? [:]) { _, new in new }
            try await SigningFixtures.make(in: folder, name: name, values)
        }
    }

    /// The project copied into `directory` and signing files for `configuration` in
    /// `<directory>/signing`: what a lane of `workspace: Brewer.xcworkspace` run there needs.
    public static func prepare(
        in directory: String, configuration: String = "Staging", kind: String = "ad-hoc", password: String,
        settings: [String: String] = [:]
    ) async throws {
        try copyProject(into: directory)
        try await makeSigning(in: directory + "/signing", configuration: configuration, kind: kind, password: password, settings: settings)
    }

    /// Every file under `folder` with its bytes, for comparing a project before and after a run.
    public static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return files }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = "\(folder)/\(relative)"
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }
}
