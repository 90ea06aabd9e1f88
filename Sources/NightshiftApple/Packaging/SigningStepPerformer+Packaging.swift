internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// `package: { dmg: … }`, `{ zip: … }`, `{ pkg: … }`: the bare `package` (import, install,
/// archive, export), then the exported Mac app into its container.
extension SigningStepPerformer {
    func package(into container: PackageContainer, _ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let destination = try containerPath(container, context)
        let output = destination.string
        // Checked before the build, so a wrong method costs no archive.
        _ = try macExport(container, context)
        let built = try await package(context)
        guard built.succeeded else { return built }
        let paths = try buildPaths(context)
        if !context.isDryRun {
            try files.createDirectory(atPath: destination.parent.string)
        }
        let termination: Termination
        switch container.format {
        case .dmg:
            let identity = try await appIdentity(inputs, context)
            let image = try await context.run(
                PackageCommands.diskImage(volumeName: paths.productName, app: paths.app.string, output: output))
            guard image.succeeded else { return image }
            termination = try await context.run(
                PackageCommands.signDiskImage(identity: identity, keychain: inputs.keychain.path, output: output))
        case .zip:
            termination = try await context.run(PackageCommands.zip(app: paths.app.string, output: output))
        case .pkg:
            let identity = try await installerIdentity(inputs, context)
            termination = try await context.run(
                PackageCommands.installerPackage(app: paths.app.string, identity: identity, keychain: inputs.keychain.path, output: output))
        }
        if termination.succeeded, !context.isDryRun, FileKind.of(output, followingLinks: true) != .regular {
            throw StepFailure(
                "\(container.format.rawValue) succeeded but left no file at \(output)", reason: .missingBuildProduct)
        }
        return termination
    }

    /// What the preflight checks of a container step without building anything, dry runs
    /// included: the path once interpolated, the export method, a pkg's installer certificate.
    func preflightContainer(_ container: PackageContainer, _ context: StepContext) async throws {
        _ = try containerPath(container, context)
        _ = try macExport(container, context)
        if container.format == .pkg, try inputs(context).installerP12Path == nil { throw Self.noInstallerCertificate(context) }
    }

    /// The configuration's installer certificate, imported with the certificate: it is there and
    /// opens with its password, and holds a Developer ID Installer identity.
    func preflightInstallerCertificate(_ inputs: SigningInputs, _ context: StepContext) async throws {
        guard let installer = inputs.installerP12Path else { return }
        guard files.fileExists(atPath: installer) else {
            throw SigningError.missingFile(kind: "installer certificate", path: installer)
        }
        _ = try await installerIdentity(inputs, context)
    }

    /// The container's path, interpolated and read against the run's folder; refused by the
    /// loader's rule, and when something other than a file is already there (a folder, a FIFO).
    private func containerPath(_ container: PackageContainer, _ context: StepContext) throws -> AbsolutePath {
        let written = context.resolve(container.path)
        let key = "package.\(container.format.rawValue)"
        if let problem = PackageContainer.pathProblem(written, format: container.format) {
            throw StepFailure("\(key) \(problem), found '\(written)'", reason: .invalidSetting)
        }
        let absolute = try context.path(written, what: key)
        let path = absolute.string
        if let escape = Self.symlinkEscape(path: path, folder: context.directory) {
            throw StepFailure("\(key) \(escape)", reason: .invalidSetting)
        }
        switch FileKind.of(path, followingLinks: true) {
        case .absent?, .regular?: return absolute
        case .directory?: throw StepFailure("\(key) names \(path), which is a folder", reason: .invalidSetting)
        default:
            let kind = FileKind.special(path, followingLinks: true) ?? "not a regular file"
            throw StepFailure("\(key) names \(path), which is \(kind)", reason: .invalidSetting)
        }
    }

    /// Why a container path that reads as inside the lanes file's folder would be written outside
    /// it through a symlink; nil when it would not. The tools write through a link at the
    /// destination itself (hdiutil `-ov`, ditto, productbuild), so one there is refused whatever
    /// it points at; a folder on the way that is a link out of the lanes file's folder is refused
    /// by its real path. An absolute path written outside the folder is the user's choice.
    static func symlinkEscape(path: String, folder: String) -> String? {
        if FileKind.of(path) == .symlink {
            return "names \(path), which is a symlink: the container would be written wherever it points; remove it or name another path"
        }
        guard let folder = try? AbsolutePath(validating: folder), let target = try? AbsolutePath(validating: path),
            target.standardized.isInside(folder.standardized)
        else { return nil }
        // The folders still to be made are not links: the nearest one that exists is resolved
        // (both sides by the file system, so macOS's /var → /private/var reads alike).
        var existing = target.parent
        var missing: [String] = []
        while FileKind.of(existing.string) == .absent, existing != .root {
            missing.insert(existing.lastComponent, at: 0)
            existing = existing.parent
        }
        if FileKind.of(existing.string) == .symlink, FileKind.of(existing.string, followingLinks: true) == .absent {
            return "names \(path), whose folder \(existing) is a symlink to nothing: the folder would be made wherever it points"
        }
        let realFolder = folder.resolvingSymlinks()
        let realParent = missing.reduce(existing.resolvingSymlinks()) { $0.appending($1) }
        guard !realParent.isInside(realFolder) else { return nil }
        return "names \(path), whose folder is really \(realParent) through a symlink, outside the lanes file's folder \(realFolder); "
            + "write an absolute path there if that is meant"
    }

    /// The configuration's export method, which must make a Mac app for a container to hold.
    private func macExport(_ container: PackageContainer, _ context: StepContext) throws -> String {
        let method = context.resolve(context.configuration?.exportMethod ?? "app-store")
        guard ExportedBundle(method: method) == .app else {
            throw StepFailure(
                "package.\(container.format.rawValue) packages a Mac app, but configuration '\(context.configuration?.name ?? "")' "
                    + "exports with method '\(method)', which makes an .ipa; use export_method 'developer-id'",
                reason: .invalidSetting)
        }
        return method
    }

    static func noInstallerCertificate(_ context: StepContext) -> StepFailure {
        StepFailure(
            "package.pkg signs with a Developer ID Installer certificate: add 'installer_certificate:' to configuration "
                + "'\(context.configuration?.name ?? "")'",
            reason: .missingSetting)
    }

    /// The installer .p12's Developer ID Installer identity, by its common name (productbuild(1):
    /// "the identity's name is the same as the Common Name of the certificate"). A dry run names
    /// the file it would be read from.
    private func installerIdentity(_ inputs: SigningInputs, _ context: StepContext) async throws -> String {
        guard let installer = inputs.installerP12Path else { throw Self.noInstallerCertificate(context) }
        if context.isDryRun { return "<\(InstallerIdentity.commonNamePrefix) identity of \(installer)>" }
        let identities = try await P12Inspector(shell: context.shell, opensslPath: openssl)
            .identities(in: installer, password: inputs.installerCertificatePassword)
        guard let chosen = InstallerIdentity.choose(among: identities), let name = chosen.commonName else {
            throw StepFailure(InstallerIdentity.missing(in: installer, among: identities), reason: .unreadableCertificate)
        }
        return name
    }
}
