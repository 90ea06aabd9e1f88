internal import Foundation
import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

extension SigningStepPerformer {
    public func archive(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let profile = try profileSummary(inputs, context)
        let project = try project(context)
        let paths = try buildPaths(context)
        let destination = project.destination.map(context.resolve) ?? ExportedBundle(method: exportMethod(context)).defaultDestination
        var numbering = ArchiveNumbering(settings: ArchiveStepSettings(), store: buildNumbers)
        if case .archive(let written) = context.step.kind { numbering.settings = written }
        let numbers = try await numbering.numbers(context, destination: destination)
        let settings = XcodebuildCommands.ArchiveSettings(
            workspace: project.workspace.map(context.resolve), project: project.xcodeProject.map(context.resolve),
            scheme: context.resolve(project.scheme ?? project.name),
            buildConfiguration: context.resolve(context.configuration?.buildConfiguration ?? "Release"),
            destination: destination, teamID: profile.teamID, profileName: profile.name,
            signingIdentity: try await signingIdentity(inputs, profile: profile, context),
            buildNumber: numbers.buildNumber, marketingVersion: numbers.version)
        if !context.isDryRun { try files.createDirectory(atPath: paths.output) }
        let termination = try await context.run(
            XcodebuildCommands.archive(settings, paths: paths, xcodebuild: xcodebuild), display: .condensed)
        if termination.succeeded, !context.isDryRun, !files.fileExists(atPath: paths.archive) {
            throw StepFailure("xcodebuild archive succeeded but left no archive at \(paths.archive)", reason: .missingBuildProduct)
        }
        return termination
    }

    public func export(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let profile = try profileSummary(inputs, context)
        let paths = try buildPaths(context)
        var options = exportOptions(inputs, profile: profile, context)
        let bundle = ExportedBundle(method: options.method)
        // Xcode's default for a Developer ID export is the newest "Developer ID Application"
        // identity on the search list, whoever's it is: name the one the archive signed with.
        if bundle == .app, options.extra["signingCertificate"] == nil {
            options.signingCertificate = try await signingIdentity(inputs, profile: profile, context)
        }
        let certificate = options.signingCertificate.map { ", signingCertificate \($0)" } ?? ""
        await context.log(
            "write \(paths.exportOptionsPlist): method \(options.method), signingStyle manual\(certificate), provisioningProfiles \(inputs.appIdentifier) = \(profile.name)"
        )
        if !context.isDryRun {
            try files.createDirectory(atPath: paths.output)
            try files.write(options.xmlData(), toPath: paths.exportOptionsPlist)
        }
        let termination = try await context.run(XcodebuildCommands.export(paths: paths, xcodebuild: xcodebuild), display: .condensed)
        guard termination.succeeded else { return termination }
        switch bundle {
        case .ipa:
            if !context.isDryRun { try moveIPA(paths) }
            await context.exports.set(NightshiftVariable.ipaPath.name, paths.ipa)
        case .app:
            if !context.isDryRun { try requireApp(paths) }
        }
        return termination
    }

    func buildPaths(_ context: StepContext) throws -> BuildPaths {
        BuildPaths(output: context.folders.output, productName: context.resolve(try project(context).name))
    }

    /// The loader refuses a building lane in a file without `project:`; this covers files made in code.
    private func project(_ context: StepContext) throws -> Project {
        guard let project = context.lanesFile.project else {
            throw StepFailure("'\(context.step.kind.keyword)' needs 'project:' in \(context.lanesFile.path)", reason: .missingSetting)
        }
        return project
    }

    /// The configuration's `export_method`, `app-store` when there is none.
    func exportMethod(_ context: StepContext) -> String {
        context.resolve(context.configuration?.exportMethod ?? "app-store")
    }

    public func exportOptions(_ inputs: SigningInputs, profile: ProfileSummary, _ context: StepContext) -> ExportOptions {
        let configuration = context.configuration
        return ExportOptions(
            method: exportMethod(context), teamID: profile.teamID,
            provisioningProfiles: [inputs.appIdentifier: profile.name],
            extra: (configuration?.exportOptions ?? [:]).mapValues { ExportOptionValue($0, resolve: context.resolve) })
    }

    /// The .p12's own identity that the profile lists: the one actually imported, not just any
    /// on the machine, nor the .p12's first when it holds several.
    func signingIdentity(_ inputs: SigningInputs, profile: ProfileSummary, _ context: StepContext) async throws -> String {
        if context.isDryRun { return profile.identity }
        // openssl may not read what `security import` did (LibreSSL): then the profile's, as before the import.
        guard
            case .identities(let identities) = try await P12Inspector(shell: context.shell, opensslPath: openssl)
                .read(inputs.p12Path, password: inputs.certificatePassword),
            let chosen = SigningIdentityChoice.identity(among: identities, listedIn: profile.certificates)
        else { return profile.identity }
        return SigningIdentityChoice.codeSignIdentity(chosen, among: identities)
    }

    /// A Mac app is exported as `<product>.app` and stays so named (its folder name is the name
    /// users see): `project.name` must be the product's.
    private func requireApp(_ paths: BuildPaths) throws {
        guard !files.fileExists(atPath: paths.app) else { return }
        let apps = ((try? files.contentsOfDirectory(atPath: paths.exportFolder)) ?? []).filter { $0.hasSuffix(".app") }.sorted()
        let found = apps.isEmpty ? "none" : apps.joined(separator: ", ")
        throw StepFailure(
            "xcodebuild -exportArchive left no \(paths.productName).app in \(paths.exportFolder) (apps there: \(found)); "
                + "project.name must be the app's product name",
            reason: .missingBuildProduct)
    }

    /// xcodebuild names the .ipa after the product; later steps want `<project.name>.ipa`.
    private func moveIPA(_ paths: BuildPaths) throws {
        let ipas = try files.contentsOfDirectory(atPath: paths.exportFolder).filter { $0.hasSuffix(".ipa") }.sorted()
        guard let ipa = ipas.first else { throw SigningError.exportProducedNoIPA(folder: paths.exportFolder) }
        try files.moveItem(atPath: "\(paths.exportFolder)/\(ipa)", toPath: paths.ipa)
    }
}
