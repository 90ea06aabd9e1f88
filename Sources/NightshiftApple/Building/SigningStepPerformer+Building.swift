internal import Foundation
import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

extension SigningStepPerformer {
    public func archive(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let plan = try await signingPlan(inputs, context)
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
            destination: destination, signingXCConfig: paths.signingXCConfig.string,
            buildNumber: numbers.buildNumber, marketingVersion: numbers.version)
        let xcconfig = SigningXCConfig.render(
            plan,
            header:
                "Written by nightshift for configuration '\(inputs.configurationName)': each signed bundle's settings, keyed by bundle id.")
        let signed = plan.entries.map { "\($0.bundle.identifier) → \($0.profile?.uuid ?? "no profile")" }
        await context.log("write \(paths.signingXCConfig): signing per bundle, \(signed.joined(separator: ", "))")
        if !context.isDryRun {
            try files.createDirectory(atPath: paths.output.string)
            try files.write(Data(xcconfig.utf8), toPath: paths.signingXCConfig.string)
        }
        // Before the build: a run killed during it can say what it was signing with.
        await context.journalNotes.record(plan.journalNote)
        let termination = try await context.runCompiling(
            XcodebuildCommands.archive(settings, paths: paths, xcodebuild: xcodebuild), container: settings.workspace ?? settings.project,
            xcodebuild: xcodebuild)
        if termination.succeeded, !context.isDryRun, !files.fileExists(atPath: paths.archive.string) {
            throw StepFailure("xcodebuild archive succeeded but left no archive at \(paths.archive)", reason: .missingBuildProduct)
        }
        return termination
    }

    public func export(_ context: StepContext) async throws -> Termination {
        let inputs = try inputs(context)
        let plan = try await signingPlan(inputs, context)
        let paths = try buildPaths(context)
        var options = exportOptions(plan, context)
        let bundle = ExportedBundle(method: options.method)
        // Xcode's default for a Developer ID export is the newest "Developer ID Application"
        // identity on the search list, whoever's it is: name the one the archive signed with.
        if bundle == .app, options.extra["signingCertificate"] == nil {
            options.signingCertificate = plan.entries.first?.identity
        }
        let certificate = options.signingCertificate.map { ", signingCertificate \($0)" } ?? ""
        let profiles = plan.entries.compactMap { entry in entry.profile.map { "\(entry.bundle.identifier) = \($0.uuid) (\($0.name))" } }
        await context.log(
            "write \(paths.exportOptionsPlist): method \(options.method), signingStyle manual\(certificate), provisioningProfiles \(profiles.isEmpty ? "none" : profiles.joined(separator: ", "))"
        )
        if !context.isDryRun {
            try files.createDirectory(atPath: paths.output.string)
            try files.write(options.xmlData(), toPath: paths.exportOptionsPlist.string)
        }
        let termination = try await context.run(XcodebuildCommands.export(paths: paths, xcodebuild: xcodebuild), display: .condensed)
        guard termination.succeeded else { return termination }
        switch bundle {
        case .ipa:
            if !context.isDryRun { try moveIPA(paths) }
            await context.exports.set(NightshiftVariable.ipaPath.name, paths.ipa.string)
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

    /// Every signed bundle's profile, by UUID; a user's own `provisioningProfiles` entry wins.
    public func exportOptions(_ plan: BundleSigningPlan, _ context: StepContext) -> ExportOptions {
        let configuration = context.configuration
        return ExportOptions(
            method: exportMethod(context), teamID: plan.team, provisioningProfiles: plan.profileUUIDs,
            extra: (configuration?.exportOptions ?? [:]).mapValues { ExportOptionValue($0, resolve: context.resolve) })
    }

    /// A Mac app is exported as `<product>.app` and stays so named (its folder name is the name
    /// users see): `project.name` must be the product's.
    private func requireApp(_ paths: BuildPaths) throws {
        guard !files.fileExists(atPath: paths.app.string) else { return }
        let apps = ((try? files.contentsOfDirectory(atPath: paths.exportFolder.string)) ?? []).filter { $0.hasSuffix(".app") }.sorted()
        let found = apps.isEmpty ? "none" : apps.joined(separator: ", ")
        throw StepFailure(
            "xcodebuild -exportArchive left no \(paths.productName).app in \(paths.exportFolder) (apps there: \(found)); "
                + "project.name must be the app's product name",
            reason: .missingBuildProduct)
    }

    /// xcodebuild names the .ipa after the product; later steps want `<project.name>.ipa`.
    private func moveIPA(_ paths: BuildPaths) throws {
        let ipas = try files.contentsOfDirectory(atPath: paths.exportFolder.string).filter { $0.hasSuffix(".ipa") }.sorted()
        guard let ipa = ipas.first else { throw SigningError.exportProducedNoIPA(folder: paths.exportFolder.string) }
        try files.moveItem(atPath: "\(paths.exportFolder)/\(ipa)", toPath: paths.ipa.string)
    }
}
