internal import Foundation
public import NightshiftCore
import NightshiftLanes
public import NightshiftSystem

/// A configuration's signing material, resolved against the step's environment: the file paths,
/// the passwords as `Secret`s, and the temporary keychain to create.
public struct SigningInputs: Sendable, Hashable {
    public var configurationName: String
    public var p12Path: String
    /// The app's profile: `<folder>/<provisioning_profile>.mobileprovision`, or the
    /// `.provisionprofile` of that name when only it exists (a Mac app; see `locatingProfile`).
    public var profilePath: String
    /// `codesigning.path` (or the run's synced folder), where every bundle's profile is looked for.
    public var signingFolder: String
    /// `provisioning_profile:`, resolved: the app's profile as lanes.yml names it.
    public var appProfile: String
    /// `profiles:`, resolved: bundle id → profile.
    public var bundleProfiles: [String: String]
    /// The configuration's `export_method`, resolved (`app-store` when empty).
    public var exportMethod: String
    public var certificatePassword: Secret
    /// `<codesigning.path>/<installer_certificate>.p12`: the Developer ID Installer identity,
    /// imported beside the certificate; nil when the configuration names none.
    public var installerP12Path: String?
    /// `codesigning.installer_certificate_password`, else the certificate's.
    public var installerCertificatePassword: Secret
    public var keychain: KeychainSpec
    public var appIdentifier: String
    public var teamID: String?
    /// `$HOME`, where profiles are installed.
    public var home: String
    /// Why the certificate password is empty, naming the variable or setting (never a value);
    /// nil when it is not. An empty password opens some .p12 files, so this only explains a
    /// refusal: "wrong certificate password" would send the reader after the wrong value.
    public var emptyPasswordCause: String?

    /// Resolves `configuration`'s signing settings; `runFolder` holds the keychain when
    /// `codesigning.keychain.name` is absent, and must be absolute: `security` reads a relative
    /// keychain path as relative to `~/Library/Keychains`.
    public static func resolve(
        _ lanesFile: LanesFile, configuration: Configuration, environment: EnvironmentVariables, runFolder: String
    ) throws(SigningError) -> SigningInputs {
        guard let codesigning = lanesFile.codesigning else { throw .missingSetting("codesigning") }
        let resolve = { (template: Template) in template.expand(in: environment) }
        // From App Store Connect, the files are the ones this run's `signing: sync` wrote.
        let synced = codesigning.from == .appStoreConnect
        let folder = synced ? Codesigning.syncedFolder(runFolder: runFolder) : resolve(codesigning.path)
        guard !folder.isEmpty else { throw missing("codesigning.path", codesigning.path, environment) }
        guard let home = environment["HOME"], !home.isEmpty else { throw .missingVariable("HOME") }
        let keychainPath = keychainPath(codesigning.keychain.name.map(resolve), home: home, runFolder: runFolder)
        if ProtectedKeychain.contains(keychainPath) { throw .protectedKeychain(path: keychainPath) }
        // Nobody needs to type the temporary keychain's password: an unguessable one is as good
        // as any when lanes.yml gives none.
        let keychainPassword = codesigning.keychain.password.map(resolve) ?? UUID().uuidString
        let certificatePassword =
            synced ? environment[Codesigning.syncedPasswordVariable] ?? "" : codesigning.certificatePassword.map(resolve) ?? ""
        return SigningInputs(
            configurationName: configuration.name,
            p12Path: "\(folder)/\(resolve(configuration.certificate)).p12",
            profilePath: "\(folder)/\(resolve(configuration.provisioningProfile)).mobileprovision",
            signingFolder: folder, appProfile: resolve(configuration.provisioningProfile),
            bundleProfiles: configuration.profiles.mapValues(resolve),
            exportMethod: { $0.isEmpty ? "app-store" : $0 }(resolve(configuration.exportMethod)),
            certificatePassword: Secret(certificatePassword),
            installerP12Path: configuration.installerCertificate.map { "\(folder)/\(resolve($0)).p12" },
            installerCertificatePassword: Secret(codesigning.installerCertificatePassword.map(resolve) ?? certificatePassword),
            keychain: KeychainSpec(path: keychainPath, password: Secret(keychainPassword), makeDefault: codesigning.keychain.makeDefault),
            appIdentifier: resolve(configuration.appIdentifier),
            teamID: (configuration.teamID ?? lanesFile.project?.teamID).map(resolve).flatMap { $0.isEmpty ? nil : $0 },
            home: home,
            emptyPasswordCause: certificatePassword.isEmpty ? emptyCause(codesigning.certificatePassword, environment) : nil)
    }

    /// The same inputs with the app's profile at `<name>.provisionprofile` when that is the one
    /// the folder holds: macOS profiles keep Apple's extension.
    public func locatingProfile(with files: any SigningFileSystem) -> SigningInputs {
        guard !files.fileExists(atPath: profilePath) else { return self }
        let mac = String(profilePath.dropLast(".mobileprovision".count)) + ".provisionprofile"
        guard files.fileExists(atPath: mac) else { return self }
        var inputs = self
        inputs.profilePath = mac
        return inputs
    }

    /// "environment variable 'CERTIFICATE_PASSWORD' (codesigning.certificate_password) is not set",
    /// "… is set but empty", or the setting itself when no variable is to blame.
    static func emptyCause(_ template: Template?, _ environment: EnvironmentVariables) -> String {
        let setting = "codesigning.certificate_password"
        guard let template else { return "lanes.yml sets no \(setting)" }
        let names = template.references.flatMap(\.candidates)
        if let unset = names.first(where: { environment[$0] == nil }) {
            return "environment variable '\(unset)' (\(setting)) is not set"
        }
        if let empty = names.first(where: { environment[$0]?.isEmpty == true }) {
            return "environment variable '\(empty)' (\(setting)) is set but empty"
        }
        return "\(setting) is empty"
    }

    /// A path is used as given; a bare name lives in `~/Library/Keychains`, like `security` does.
    /// Either way the file name ends in `.keychain-db`, the name `security` stores it under.
    static func keychainPath(_ name: String?, home: String, runFolder: String) -> String {
        guard let name, !name.isEmpty else { return "\(runFolder)/nightshift.keychain-db" }
        let path = name.contains("/") ? name : "\(home)/Library/Keychains/\(name)"
        if path.hasSuffix(".keychain-db") { return path }
        if path.hasSuffix(".keychain") { return path + "-db" }
        return path + ".keychain-db"
    }

    /// "environment variable 'CODESIGNING_PATH' (codesigning.path)" is not set: what to fix, not just where.
    private static func missing(_ setting: String, _ template: Template, _ environment: EnvironmentVariables) -> SigningError {
        let unset = template.references.filter { !$0.hasDefault && $0.candidates.allSatisfy { environment[$0] == nil } }.map {
            "'\($0.name)'"
        }
        guard !unset.isEmpty else { return .missingSetting(setting) }
        return .missingVariable("environment variable \(unset.joined(separator: ", ")) (\(setting))")
    }
}
